"""The HTTP edge: what every request meets before the app, and what every response leaves with.

middleware.py  Edge: Host allow-list (400), body cap (413), cross-site refusal (403), security
               headers, request id, Server-Timing, access log, request metrics, 500 as a problem
origins.py     client_address (trusted proxies), address_key (per-address limits by network),
               our own origin, the Host and CSRF rules
headers.py     Content-Security-Policy and the other fixed headers; request id; Server-Timing
app/protocol.py, beside this package, bounds the connection itself: head size, slow clients,
               open connections
"""

from app.edge.middleware import Edge
from app.edge.origins import address_key, client_address, client_key

__all__ = ["Edge", "address_key", "client_address", "client_key"]
