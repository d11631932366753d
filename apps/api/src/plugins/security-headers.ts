import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** The headers a route answers with, helmet or not. */
async function headersOf(withHelmet: FastifyHelmetOptions | null): Promise<Record<string, string>> {
  const probe = Fastify();
  if (withHelmet) await probe.register(helmet, withHelmet);
  probe.get('/', async () => 'probe');
  const res = await probe.inject({ url: '/' });
  await probe.close();
  return Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
}

/**
 * Helmet's headers, worked out once at start-up and set on every reply. The helmet plugin builds its whole
 * middleware again, parsing the CSP directives, for every request; the headers never differ between
 * requests here (no per-route options, no nonces), so that work is done once.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions) {
  const plain = await headersOf(null);
  const secured = await headersOf(options);
  const headers = Object.entries(secured).filter(([name, value]) => plain[name] !== value && name !== 'date');
  const removed = Object.keys(plain).filter((name) => !(name in secured));
  app.addHook('onRequest', (_request, reply, done) => {
    // On the raw response, like helmet: they hold for replies sent past Fastify too.
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    for (const name of removed) reply.raw.removeHeader(name);
    done();
  });
}
