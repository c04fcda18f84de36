# Atout: a slim image that runs `python -m bot`, as a non-root user, with the database on a volume
# (or in PostgreSQL: set ATOUT_DB=postgresql://…; docker-compose.yml runs two shard clusters).
#   docker build -t atout .
#   docker run -d --name atout --env-file .env -v atout-data:/data atout

FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY games ./games
COPY rendering ./rendering
COPY bot ./bot
COPY cogs ./cogs
RUN pip install --no-cache-dir --prefix=/install .

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    ATOUT_DB=/data/atout.sqlite3
RUN useradd --create-home --uid 10001 atout \
    && mkdir /data && chown atout:atout /data
COPY --from=build /install /usr/local
USER atout
WORKDIR /home/atout
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
