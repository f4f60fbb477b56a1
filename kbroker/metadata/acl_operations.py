"""The "authorized operations" bitfields responses carry (KIP-430): a field the client did not ask for keeps the
schema default `OMITTED` (INT32 min). The bits themselves come from the authorizer (kbroker/api/authz.py,
kbroker/security/authorizer.py: bit n set for each AclOperation code n the principal may do).
"""

from __future__ import annotations

OMITTED = -(1 << 31)
