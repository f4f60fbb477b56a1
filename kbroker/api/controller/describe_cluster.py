"""DescribeCluster (key 60), v0-v2, on the controller listener: the controllers, as the admin client's
`bootstrap.controllers` mode (KIP-919, `kafka-metadata-quorum --bootstrap-controller`) asks for them.

As Kafka 4.3.1's ControllerApis: EndpointType 2 (controllers) is answered with the cluster id, the quorum's
leader as ControllerId (-1 while there is none) and the controllers; 1 (brokers, also what v0 asks for) gets
MISMATCHED_ENDPOINT_TYPE; any other value UNSUPPORTED_ENDPOINT_TYPE. The controllers are those registered in this
node's metadata image (ControllerRegistration, RegisterControllerRecord) with an endpoint of the listener the
request came in on, by id, at that endpoint, without rack (Kafka's ControllerRegistrationsPublisher): a controller
is listed once its registration is committed and applied here. Cluster authorized operations come from the
authorizer (api/authz.py) when asked.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.metadata import acl_operations
from kbroker.protocol import errors
from kbroker.protocol.messages.describe_cluster_response import DescribeClusterBroker, DescribeClusterResponse
from kbroker.security.acls import CLUSTER_NAME

API_KEY = 60
MIN_VERSION = 0
MAX_VERSION = 2

BROKER_ENDPOINT, CONTROLLER_ENDPOINT = 1, 2


def _error(code: int, message: str) -> DescribeClusterResponse:
    return DescribeClusterResponse(throttle_time_ms=0, error_code=code, error_message=message, cluster_id="",
                                   controller_id=-1, brokers=[])


async def handle(ctx: RequestContext, request) -> DescribeClusterResponse:
    if request.endpoint_type == BROKER_ENDPOINT:
        return _error(errors.MISMATCHED_ENDPOINT_TYPE.code,
                      "The request was sent to an endpoint of type CONTROLLER, but we wanted an endpoint of type BROKER")
    if request.endpoint_type != CONTROLLER_ENDPOINT:
        return _error(errors.UNSUPPORTED_ENDPOINT_TYPE.code, f"Unsupported endpoint type {request.endpoint_type}")
    quorum = ctx.state.quorum
    operations = (authz.operations(ctx, authz.CLUSTER, CLUSTER_NAME) if request.include_cluster_authorized_operations
                  else acl_operations.OMITTED)
    active = ctx.state.active_controller
    registered = active.image.controllers if active is not None else {}
    controllers = [DescribeClusterBroker(broker_id=controller_id, host=endpoint.host, port=endpoint.port, rack=None,
                                         is_fenced=False)
                   for controller_id, registration in sorted(registered.items())
                   if (endpoint := registration.endpoint(ctx.listener_name)) is not None]
    return DescribeClusterResponse(
        throttle_time_ms=0, error_code=errors.NONE.code, error_message=None, endpoint_type=CONTROLLER_ENDPOINT,
        cluster_id=quorum.cluster_id, controller_id=quorum.leader_id, brokers=controllers,
        cluster_authorized_operations=operations)
