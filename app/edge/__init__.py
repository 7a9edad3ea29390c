"""The HTTP edge: what every request meets before the app, and what every response leaves with.

middleware.py  Edge: body cap (413), cross-site refusal (403), security headers, request id,
               Server-Timing, access log, request metrics, 500 as a problem
origins.py     client_address (trusted proxies), our own origin, the CSRF rule
headers.py     Content-Security-Policy and the other fixed headers; request id; Server-Timing
app/protocol.py, beside this package, bounds the connection itself: head size, slow clients,
               open connections
"""

from app.edge.middleware import Edge
from app.edge.origins import client_address

__all__ = ["Edge", "client_address"]
