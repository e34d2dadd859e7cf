import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a websocket upgrade (it declares a `wsHandler`); every other route refuses one. */
    websocket?: true;
  }
}

const NOT_FOUND_RESPONSE = 'HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/**
 * A websocket upgrade is accepted only by a route that declares it takes one (`config.websocket`). Left alone, the
 * websocket plugin completes the handshake on any path and closes the socket afterwards, so a scanner learns that
 * every path speaks websocket and holds a socket open for a moment. An upgrade anywhere else is answered with a plain
 * 404 on the raw socket, which is then closed without ever being upgraded.
 */
export function refuseStrayWebsocketUpgrades(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.ws || request.routeOptions.config?.websocket) {
      done();
      return;
    }
    reply.hijack();
    const socket = request.raw.socket;
    socket.end(NOT_FOUND_RESPONSE, () => socket.destroy());
  });
}
