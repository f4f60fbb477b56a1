"""AlterConfigs and IncrementalAlterConfigs share this flow, on a broker (Kafka's KafkaApis + ConfigAdminManager)
and on the controller listener (Kafka's ControllerApis): settle what the receiving node settles itself, send the
rest to the controller in one operation (which validates, commits ConfigRecords unless validate_only, and on a
broker the partition layer then follows the new image), and answer each resource.

A broker checks each resource first (kbroker.configs.requests.preprocess) and answers every resource in request
order. The controller listener checks only what ControllerApis checks: a resource named more than once gets one
INVALID_REQUEST "Duplicate resource." answer and is not changed; IncrementalAlterConfigs applies BROKER_LOGGER
changes for this node itself and answers a resource type Kafka does not know with UNSUPPORTED_VERSION ("Unknown
resource type N."); those answers come first, then the controller's, as Kafka's do.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from kbroker.configs import loggers, schema
from kbroker.configs.requests import check_logger_node_id, preprocess
from kbroker.metadata.controller import ApiError
from kbroker.protocol import errors

RemoteAlter = Callable[[list], Awaitable[list[ApiError]]]

# ConfigResource.Type ids Kafka knows: TOPIC, BROKER, BROKER_LOGGER, CLIENT_METRICS, GROUP.
_KNOWN_RESOURCE_TYPES = frozenset({2, 4, 8, 16, 32})


async def alter_configs(ctx, resources, *, incremental: bool, validate_only: bool,
                        remote: RemoteAlter | None = None) -> list[tuple[object, ApiError]]:
    """A broker's answers: (resource, error) for every resource, in request order. `remote`: on a node whose
    controller is another process, what sends the resources left after preprocessing to it (Kafka forwards a copy
    of the request without the preprocessed ones) and returns their answers in the same order."""
    image = ctx.state.image
    settled = preprocess(resources, incremental=incremental, node_id=ctx.config.node_id,
                         validate_only=validate_only, stored_broker_configs=image.configs_of_broker)
    forwarded = [resource for resource, error in zip(resources, settled, strict=True) if error is None]
    controller_results: list[ApiError] = []
    if forwarded and remote is not None:
        controller_results = await remote(forwarded)
    elif forwarded:
        controller = ctx.state.metadata.controller
        operation = controller.incremental_alter_configs if incremental else controller.legacy_alter_configs
        controller_results = await ctx.state.run_controller(operation, forwarded, validate_only=validate_only)
    answers = iter(controller_results)
    return [(resource, error if error is not None else next(answers))
            for resource, error in zip(resources, settled, strict=True)]


async def alter_configs_on_controller(ctx, resources, controller, run, *, incremental: bool,
                                      validate_only: bool) -> list[tuple[object, ApiError]]:
    """The controller listener's answers, through `run(controller's alter operation, ...)`."""
    answers: list[tuple[object, ApiError]] = []
    by_key: dict[tuple[int, str], object] = {}
    duplicated: set[tuple[int, str]] = set()
    for resource in resources:
        kind = resource.resource_type
        if incremental and kind == schema.BROKER_LOGGER_RESOURCE:
            error = (check_logger_node_id(resource.resource_name, ctx.config.node_id)
                     or loggers.alter_levels(resource.configs, validate_only=validate_only) or ApiError())
            answers.append((resource, error))
        elif incremental and kind not in _KNOWN_RESOURCE_TYPES:
            answers.append((resource, ApiError(errors.UNSUPPORTED_VERSION.code, f"Unknown resource type {kind}.")))
        else:
            key = (kind, resource.resource_name)
            if key in duplicated:
                continue
            if key in by_key:
                del by_key[key]
                duplicated.add(key)
                answers.append((resource, ApiError(errors.INVALID_REQUEST.code, "Duplicate resource.")))
            else:
                by_key[key] = resource
    forwarded = list(by_key.values())
    if forwarded:
        operation = controller.incremental_alter_configs if incremental else controller.legacy_alter_configs
        results = await run(operation, forwarded, validate_only=validate_only)
        answers += zip(forwarded, results, strict=True)
    return answers
