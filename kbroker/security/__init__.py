"""Security of client connections: what a TLS or SASL listener needs beyond the plaintext path.

- listener_config.py: a listener's effective security settings (`listener.name.<listener>.<key>` over `<key>`)
- tls.py: the server-side SSLContext built from Kafka's ssl.* configs (PEM and PKCS12 keystores, truststores,
  ssl.client.auth, ssl.enabled.protocols)
- tls_io.py: a connection's I/O through trio.SSLStream, with the interface server.SocketIO offers
- principal.py: the principal of a TLS client from its certificate's distinguished name
  (ssl.principal.mapping.rules)
- sasl/: SaslHandshake / SaslAuthenticate state machine and the mechanisms (PLAIN, SCRAM)

Nothing below kbroker.api imports this package's users; server.py asks it for what a listener needs.
"""
