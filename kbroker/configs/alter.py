"""AlterConfigs and IncrementalAlterConfigs share this flow (Kafka's KafkaApis + ConfigAdminManager): check each
resource on the broker (kbroker.configs.requests.preprocess), send the rest to the controller in one operation
(which validates topic configs, commits ConfigRecords unless validate_only, and the partition layer then follows
the new image), and answer every resource in request order."""

from __future__ import annotations

from kbroker.configs.requests import preprocess
from kbroker.metadata.controller import ApiError


async def alter_configs(ctx, resources, *, incremental: bool, validate_only: bool) -> list[ApiError]:
    image = ctx.state.image
    settled = preprocess(resources, incremental=incremental, node_id=ctx.config.node_id,
                         validate_only=validate_only, stored_broker_configs=image.configs_of_broker)
    forwarded = [resource for resource, error in zip(resources, settled, strict=True) if error is None]
    controller_results: list[ApiError] = []
    if forwarded:
        controller = ctx.state.metadata.controller
        operation = controller.incremental_alter_configs if incremental else controller.legacy_alter_configs
        controller_results = await ctx.state.run_controller(operation, forwarded, validate_only=validate_only)
    answers = iter(controller_results)
    return [error if error is not None else next(answers) for error in settled]
