# The production image: one image, run as the API (KUDO_ROLE=api) or the worker (KUDO_ROLE=worker).
FROM node:20.19-bookworm-slim AS build
ENV COREPACK_ENABLE_DOWNLOAD_PROMPT=0 TURBO_TELEMETRY_DISABLED=1
WORKDIR /app
COPY . .
# turbo looks pnpm up by name, so corepack puts the shim on PATH first.
RUN corepack enable \
 && pnpm install --frozen-lockfile \
 && pnpm exec prisma generate \
 && pnpm exec turbo run build

FROM node:20.19-bookworm-slim
# malloc on transparent huge pages where the kernel gives them on request (docs/configuration.md, "Tuning").
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 GLIBC_TUNABLES=glibc.malloc.hugetlb=1
WORKDIR /app
COPY --from=build /app /app
EXPOSE 3000
CMD ["node", "--enable-source-maps", "apps/api/dist/server.js"]
