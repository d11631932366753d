// The worker alone: runs the background jobs without serving HTTP (KUDO_ROLE=worker).
process.env.KUDO_ROLE ??= 'worker';
await import('./server.js');
