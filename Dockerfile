# Atout: a slim image that runs `python -m bot`, as a non-root user. The SQLite database lives
# in /data: mount a volume there (docs/running.md); with PostgreSQL set ATOUT_DB=postgresql://…
# (docker-compose.yml runs two shard clusters).
#   docker build -t atout .
#   docker run -d --name atout --restart unless-stopped --env-file .env -v atout-data:/data atout
#
# The base image is pinned by exact tag and digest, so that a rebuild gets the same system and
# Python. The digest was taken from public Dockerfiles that pin this tag (it could not be pulled
# to check on the machine this was written on). To move to a newer Python 3.11: pick the tag on
# Docker Hub, `docker pull python:<tag>`, put its tag and the digest `docker images --digests`
# shows in both FROM lines below, rebuild, and run the test suite in the image.

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
COPY rendering ./rendering
COPY bot ./bot
COPY cogs ./cogs
RUN pip install --prefix=/install --no-deps .

FROM python:3.11.14-slim-bookworm@sha256:65a93d69fa75478d554f4ad27c85c1e69fa184956261b4301ebaf6dbb0a3543d
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    ATOUT_DB=/data/atout.sqlite3
# /data belongs to the bot's user: a new named volume mounted there starts with that owner. No
# VOLUME instruction: it would give every container (each compose service) an anonymous volume.
RUN groupadd --gid 10001 atout \
    && useradd --create-home --uid 10001 --gid 10001 atout \
    && mkdir /data && chown atout:atout /data
COPY --from=build /install /usr/local
# Numeric, so that a platform can check that it is not root (Kubernetes runAsNonRoot).
USER 10001:10001
WORKDIR /home/atout
CMD ["python", "-m", "bot"]
