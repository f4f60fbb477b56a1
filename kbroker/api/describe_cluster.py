"""DescribeCluster (key 60), v0-v2: cluster id, controller id and the brokers, as the Java admin client's
describeCluster() asks for them.

Mirrors Kafka 4.3's KafkaApis.handleDescribeClusterRequest on a broker listener (kbroker serves no controller
listener):
- EndpointType (v1+): 1 (brokers) is answered; 2 (controllers) gets MISMATCHED_ENDPOINT_TYPE, as a broker
  listener of Kafka's combined node answers; any other value UNSUPPORTED_ENDPOINT_TYPE. Such an error answer has
  an empty cluster id, controller -1 and no brokers.
- Brokers: registered brokers with an endpoint on the request's listener; fenced ones only when
  IncludeFencedBrokers (v2) is set, each with IsFenced.
- ControllerId: an alive broker (this node), as Kafka's KRaft broker reports a random alive broker.
- ClusterAuthorizedOperations only when asked, from the authorizer (api/authz.py).
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.metadata import acl_operations, listener_view
from kbroker.protocol import errors
from kbroker.protocol.messages.describe_cluster_response import DescribeClusterBroker, DescribeClusterResponse
from kbroker.security.acls import CLUSTER_NAME

API_KEY = 60
MIN_VERSION = 0
MAX_VERSION = 2

BROKER_ENDPOINT, CONTROLLER_ENDPOINT = 1, 2


def _endpoint_error(endpoint_type: int) -> DescribeClusterResponse | None:
    if endpoint_type == BROKER_ENDPOINT:
        return None
    if endpoint_type == CONTROLLER_ENDPOINT:
        code = errors.MISMATCHED_ENDPOINT_TYPE.code
        message = "The request was sent to an endpoint of type BROKER, but we wanted an endpoint of type CONTROLLER"
    else:
        code = errors.UNSUPPORTED_ENDPOINT_TYPE.code
        message = f"Unsupported endpoint type {endpoint_type}"
    return DescribeClusterResponse(throttle_time_ms=0, error_code=code, error_message=message, cluster_id="",
                                   controller_id=-1, brokers=[])


async def handle(ctx: RequestContext, request) -> DescribeClusterResponse:
    failure = _endpoint_error(request.endpoint_type)
    if failure is not None:
        return failure
    image = ctx.state.image
    nodes = listener_view.broker_nodes(image, ctx.listener_name, include_fenced=request.include_fenced_brokers)
    operations = (authz.operations(ctx, authz.CLUSTER, CLUSTER_NAME) if request.include_cluster_authorized_operations
                  else acl_operations.OMITTED)
    return DescribeClusterResponse(
        throttle_time_ms=0, error_code=errors.NONE.code, error_message=None, endpoint_type=BROKER_ENDPOINT,
        cluster_id=ctx.state.metadata.cluster_id, controller_id=listener_view.controller_id(image),
        brokers=[DescribeClusterBroker(broker_id=node.node_id, host=node.host, port=node.port, rack=node.rack,
                                       is_fenced=node.fenced) for node in nodes],
        cluster_authorized_operations=operations)
