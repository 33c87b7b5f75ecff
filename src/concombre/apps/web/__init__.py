"""`concombre serve`: a web table where a person plays Concombre or German Rommé against the bots.

An optional extra (``pip install "concombre[web]"``) built only on the public
API: `concombre.apps.web.tables` runs the tables, `concombre.apps.web.app` serves them
over HTTP and a WebSocket, and ``static/`` holds the page (no build step, no
network fetches).
"""
