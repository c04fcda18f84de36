# Atout: a slim image that runs `python -m bot`, as a non-root user. The SQLite database lives
# in /data: mount a volume there (docs/running.md); with PostgreSQL set ATOUT_DB=postgresql://…
# (docker-compose.yml runs two shard clusters).
#   docker build -t atout .
#   docker run -d --name atout --restart unless-stopped --env-file .env -v atout-data:/data atout
# With the deals' web pages (ATOUT_WEB_URL in .env; a reverse proxy with HTTPS in front,
# docs/running.md): add -p 127.0.0.1:8080:8080.
#
# The base image is pinned by exact tag and digest, so that a rebuild gets the same system and
# Python. With a digest, Docker checks what it pulls: the build fails unless the content's hash
# is this digest, in the official library/python repository; the tag is then only a note.
# Digest source: the multi-platform index (OCI image index) of python:3.11.14-slim-bookworm,
# as several independent public projects pin it, one of them checked with
# `docker buildx imagetools inspect`. It was not pulled where this was written (no Docker engine
# there): that this digest is the tag's, rather than another 3.11 build's, is what a first
# `docker build` confirms (tests/test_docker.py checks the pins' form and this note).
# To move to a newer Python 3.11: `docker buildx imagetools inspect python:<tag>` prints the
# tag's index digest; put the tag and digest in both FROM lines below, rebuild, and run the
# test suite in the image.

FROM python:3.11.14-slim-bookworm@sha256:65a93d69fa75478d554f4ad27c85c1e69fa184956261b4301ebaf6dbb0a3543d AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1
WORKDIR /src
# The dependencies first, at the exact versions of requirements.lock (scripts/lock_requirements.py):
# this layer is rebuilt only when the lock changes, not at every change of the code.
COPY requirements.lock ./
RUN pip install --prefix=/install --no-deps -r requirements.lock
# Then the code, itself without dependencies: they are all above.
COPY pyproject.toml README.md ./
COPY games ./games
COPY i18n ./i18n
COPY rendering ./rendering
COPY bot ./bot
COPY cogs ./cogs
RUN pip install --prefix=/install --no-deps .

FROM python:3.11.14-slim-bookworm@sha256:65a93d69fa75478d554f4ad27c85c1e69fa184956261b4301ebaf6dbb0a3543d
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    ATOUT_DB=/data/atout.sqlite3 \
    ATOUT_HEALTH_FILE=/tmp/atout.health \
    ATOUT_WEB_BIND=0.0.0.0:8080 \
    ATOUT_WEB_TRUSTED_PROXIES=10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7
# /data belongs to the bot's user: a new named volume mounted there starts with that owner. No
# VOLUME instruction: it would give every container (each compose service) an anonymous volume.
RUN groupadd --gid 10001 atout \
    && useradd --create-home --uid 10001 --gid 10001 atout \
    && mkdir /data && chown atout:atout /data
COPY --from=build /install /usr/local
# Numeric, so that a platform can check that it is not root (Kubernetes runAsNonRoot).
USER 10001:10001
WORKDIR /home/atout
# Healthy: the bot runs, holds its lock, its event loop turns and Discord's gateway answered within
# 3 minutes (bot/process/health.py; the bot writes ATOUT_HEALTH_FILE every 20 s). The first 2 minutes
# are the start's: restoring tables, connecting. `docker ps` shows the state, and the reason:
# docker inspect --format '{{json .State.Health}}' atout
HEALTHCHECK --interval=60s --timeout=10s --start-period=120s --retries=3 \
    CMD ["python", "-m", "bot", "health"]
# The deals' web pages, served when ATOUT_WEB_URL is set: on every address of the container,
# which `-p 127.0.0.1:8080:8080` (or compose's ports) publishes to the host's reverse proxy only.
# Docker hands the host's connections over from its network's gateway, a private address: the
# private networks are the trusted proxies (ATOUT_WEB_TRUSTED_PROXIES, docs/running.md).
EXPOSE 8080
CMD ["python", "-m", "bot"]
