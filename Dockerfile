# The production image: one image, run as the API (KUDO_ROLE=api) or the worker (KUDO_ROLE=worker).
FROM node:20.19-bookworm-slim AS build
ENV COREPACK_ENABLE_DOWNLOAD_PROMPT=0 TURBO_TELEMETRY_DISABLED=1
WORKDIR /app
COPY . .
RUN corepack pnpm install --frozen-lockfile \
 && corepack pnpm exec prisma generate \
 && corepack pnpm exec turbo run build

FROM node:20.19-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app /app
EXPOSE 3000
CMD ["node", "--enable-source-maps", "apps/api/dist/server.js"]
