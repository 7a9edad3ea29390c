"""A loopback TCP proxy the tests can cut and restore: a database outage without touching the
shared database server."""

from __future__ import annotations

import contextlib
import selectors
import socket
import threading
from types import TracebackType

from app.live_server import free_port


class TcpProxy:
    """Forwards 127.0.0.1:`port` to `target`; `cut()` drops every connection and stops
    listening (clients see refused connections), `restore()` listens again on the same port.
    `stall()` drops every connection and then accepts new ones without ever answering: a peer
    that has gone silent (a blackholed route, a frozen server)."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = free_port()
        self._lock = threading.Lock()
        self._sockets: set[socket.socket] = set()
        self._listener: socket.socket | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._silent = False

    def stall(self) -> None:
        self.cut()
        self.restore()
        self._silent = True

    def restore(self) -> TcpProxy:
        self._silent = False
        if self._thread is not None and self._thread.is_alive():
            return self  # listening already: new connections are forwarded again
        listener = socket.socket()
        try:
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listener.bind(("127.0.0.1", self.port))
            listener.listen(64)
        except OSError:
            listener.close()
            raise
        listener.settimeout(0.1)
        self._listener, self._stop = listener, threading.Event()
        self._thread = threading.Thread(target=self._serve, args=(listener, self._stop))
        self._thread.start()
        return self

    def cut(self) -> None:
        self._silent = False
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
        with self._lock:
            for sock in self._sockets:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            self._sockets.clear()

    def _serve(self, listener: socket.socket, stop: threading.Event) -> None:
        with listener:
            while not stop.is_set():
                try:
                    client, _ = listener.accept()
                except TimeoutError:
                    continue
                if self._silent:  # held open, never answered, closed by cut()
                    with self._lock:
                        self._sockets.add(client)
                    continue
                try:
                    upstream = socket.create_connection(self.target, timeout=5)
                except OSError:
                    client.close()
                    continue
                with self._lock:
                    self._sockets |= {client, upstream}
                threading.Thread(target=self._pipe, args=(client, upstream), daemon=True).start()

    def _pipe(self, client: socket.socket, upstream: socket.socket) -> None:
        peers = {client: upstream, upstream: client}
        with selectors.DefaultSelector() as selector, client, upstream:
            for sock in peers:
                sock.setblocking(True)
                selector.register(sock, selectors.EVENT_READ)
            while not self._stop.is_set():
                for key, _ in selector.select(timeout=0.1):
                    source: socket.socket = key.fileobj  # type: ignore[assignment]
                    try:
                        data = source.recv(65536)
                        if not data:
                            return
                        peers[source].sendall(data)
                    except OSError:
                        return

    def __enter__(self) -> TcpProxy:
        return self.restore()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.cut()
