# gradebox service image: multi-stage, slim, non-root, health-checked.
# Build: docker build -t gradebox .
# Run:   docker run --rm -p 8000:8000 -v gradebox-data:/data \
#          --security-opt seccomp=unconfined --security-opt apparmor=unconfined gradebox
# (Docker's default seccomp/AppArmor profiles forbid the user namespaces the sandbox creates;
#  the sandbox applies its own seccomp filter and Landlock rules to every learner process.)

FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY app ./app
COPY graders ./graders
RUN pip wheel --no-cache-dir --wheel-dir /wheels ".[postgres]"

FROM python:3.11-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libseccomp2 \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /srv/gradebox gradebox \
    && mkdir -p /data && chown gradebox /data
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/* && rm -rf /wheels
WORKDIR /srv/gradebox
COPY --chown=gradebox exercises ./exercises
COPY --chown=gradebox static/index.html static/exercise.html ./static/
COPY --chown=gradebox static/dist ./static/dist
ENV GRADEBOX_DATA_DIR=/data \
    GRADEBOX_CACHE_DIR=/data/cache \
    GRADEBOX_EXERCISES_DIR=/srv/gradebox/exercises \
    GRADEBOX_STATIC_DIR=/srv/gradebox/static \
    PYTHONDONTWRITEBYTECODE=1
USER gradebox
EXPOSE 8000
# `serve` answers only the Hosts in GRADEBOX_ALLOWED_HOSTS (default: localhost, 127.0.0.1, [::1];
# a DNS-rebinding page sends its own name) and warns at start that it is unset: set it to the
# names clients use (`docker run -e GRADEBOX_ALLOWED_HOSTS=localhost,gradebox.example.org`),
# keeping localhost, which the health check asks for.
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s --retries=3 \
    CMD python -c "import urllib.request as r,sys; q=r.Request('http://127.0.0.1:8000/healthz', headers={'Host': 'localhost'}); sys.exit(0 if r.urlopen(q, timeout=2).status == 200 else 1)"
CMD ["gradebox", "serve", "--host", "0.0.0.0", "--port", "8000"]
