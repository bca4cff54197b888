# One image for every role; TWOFOLD_ROLE picks api or projector (see docker-compose.yml).
FROM node:20-bookworm-slim

WORKDIR /app

# Full install: the service runs its TypeScript through tsx at run time.
COPY package.json package-lock.json ./
RUN npm ci && npm cache clean --force

COPY . .

# Listen beyond the container's loopback; the service itself defaults to 127.0.0.1.
ENV HOST=0.0.0.0 PORT=8080
EXPOSE 8080

# The dashboard and the tracker are built into the image: the node user cannot write to /app.
RUN npm run build

USER node
CMD ["npm", "start"]
