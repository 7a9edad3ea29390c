// Client for gradebox's JSON API (same origin; the learner is identified by an HttpOnly cookie).

/**
 * The API's types, generated from docs/openapi.json into api-types.d.ts (`npm run types`).
 * The names on the left are the page's; the schemas on the right are the server's.
 * @typedef {import("./api-types").components["schemas"]["ExerciseSummary"]} ExerciseSummary
 * @typedef {import("./api-types").components["schemas"]["ExerciseDetail"]} Exercise
 * @typedef {import("./api-types").components["schemas"]["HintOut"]} Hint
 * @typedef {import("./api-types").components["schemas"]["EditorialOut"]} Editorial
 * @typedef {import("./api-types").components["schemas"]["HintsOut"]} HintList
 * @typedef {import("./api-types").components["schemas"]["Preview"]} ArrayPreview
 * @typedef {import("./api-types").components["schemas"]["Diagnosis"]} Diagnosis
 * @typedef {import("./api-types").components["schemas"]["TestResult"]} TestResult
 * @typedef {import("./api-types").components["schemas"]["SubmissionOut"]} Submission  while status is "pending", verdict is null and tests is []
 * @typedef {import("./api-types").components["schemas"]["HistoryItem"]} SubmissionSummary  verdict is null while grading
 * @typedef {import("./api-types").components["schemas"]["HistoryPage"]} SubmissionPage
 * @typedef {import("./api-types").components["schemas"]["ScratchInfo"]} ScratchInfo
 * @typedef {import("./api-types").components["schemas"]["ScratchRun"]} ScratchRun
 * @typedef {import("./api-types").components["schemas"]["ScratchValue"]} ScratchValue
 * @typedef {import("./api-types").operations["submission_events_api_submissions__submission_id__events_get"]["responses"][200]["content"]["text/event-stream"]} SubmissionEvent  the data of an event at `eventsUrl`: RunEvent, TestEvent or ReportEvent, by `kind`
 */

/** An HTTP or network failure, with the RFC 9457 problem details when the server sent them. */
export class ApiError extends Error {
  /**
   * @param {string} message
   * @param {{status?: number, title?: string, detail?: string, type?: string, retryAfter?: number | null, network?: boolean}} info
   */
  constructor(message, info) {
    super(message);
    this.name = "ApiError";
    /** HTTP status; 0 when the request never got an answer. */
    this.status = info.status ?? 0;
    this.title = info.title ?? "";
    this.detail = info.detail ?? "";
    this.type = info.type ?? "";
    /** Seconds to wait before trying again (from Retry-After), if the server said. */
    this.retryAfter = info.retryAfter ?? null;
    /** True when the server could not be reached at all. */
    this.network = info.network ?? false;
  }
}

/**
 * Parse a Retry-After header (delta-seconds or an HTTP date) into whole seconds.
 * @param {string | null} value
 * @param {number} [now] ms since the epoch
 * @returns {number | null}
 */
export function parseRetryAfter(value, now = Date.now()) {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * A GET the page started before this bundle loaded (exercise.html), handed out once.
 * @param {string} path
 * @returns {Promise<Response> | null}
 */
function takeEarly(path) {
  const page = /** @type {any} */ (window);
  const early = page.gradeboxEarly;
  if (!early || early.path !== path) return null;
  page.gradeboxEarly = undefined;
  return early.response;
}

/**
 * @template T
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {Record<string, string>} [headers]
 * @returns {Promise<T>}
 */
async function request(method, path, body, headers = {}) {
  /** @type {RequestInit} */
  const init = {
    method,
    credentials: "same-origin",
    headers: { Accept: "application/json, application/problem+json", ...headers },
    cache: "no-store",
  };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    /** @type {Record<string, string>} */ (init.headers)["Content-Type"] = "application/json";
  }
  let response;
  try {
    response = await ((method === "GET" && takeEarly(path)) || fetch(path, init));
  } catch (err) {
    throw new ApiError(`Network error: ${err instanceof Error ? err.message : err}`, { network: true });
  }
  const text = await response.text();
  /** @type {any} */
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const problem = data && typeof data === "object" ? data : {};
    throw new ApiError(problem.title || `HTTP ${response.status}`, {
      status: response.status,
      title: typeof problem.title === "string" ? problem.title : "",
      detail: typeof problem.detail === "string" ? problem.detail : "",
      type: typeof problem.type === "string" ? problem.type : "",
      retryAfter: parseRetryAfter(response.headers.get("Retry-After")),
    });
  }
  if (data === null && text) {
    throw new ApiError("The server sent a response we could not read.", { status: response.status });
  }
  return data;
}

const enc = encodeURIComponent;

/** @returns {Promise<ExerciseSummary[]>} */
export const listExercises = () => request("GET", "/api/exercises");

/** @param {string} slug @returns {Promise<Exercise>} */
export const getExercise = (slug) => request("GET", `/api/exercises/${enc(slug)}`);

/** The editorial, for a learner who has passed (403 before). @param {string} slug @returns {Promise<Editorial>} */
export const getEditorial = (slug) => request("GET", `/api/exercises/${enc(slug)}/editorial`);

/** @param {string} slug @returns {Promise<HintList>} */
export const listHints = (slug) => request("GET", `/api/exercises/${enc(slug)}/hints`);

/** @param {string} slug @returns {Promise<Hint>} */
export const revealNextHint = (slug) => request("POST", `/api/exercises/${enc(slug)}/hints/next`);

/** @param {string} slug @param {string} code @returns {Promise<Submission>} */
export const submit = (slug, code) => request("POST", `/api/exercises/${enc(slug)}/submissions`, { code });

/**
 * Submit and get the pending submission back at once (`Prefer: respond-async`): its results
 * arrive at `eventsUrl(id)` as they are decided. The key makes a retried request harmless.
 * @param {string} slug @param {string} code @returns {Promise<Submission>}
 */
export const submitAsync = (slug, code) =>
  request("POST", `/api/exercises/${enc(slug)}/submissions`, { code }, {
    Prefer: "respond-async",
    "Idempotency-Key": idempotencyKey(),
  });

/**
 * One call of the learner's own function on their code, beside the reference's answer where the
 * exercise shows it: not graded, not stored. A call that cannot be made is a 200 `refused` run.
 * @param {string} slug @param {string} code @param {string} call @returns {Promise<ScratchRun>}
 */
export const scratch = (slug, code, call) => request("POST", `/api/exercises/${enc(slug)}/scratch`, { code, call });

/** @param {string} id */
export const eventsUrl = (id) => `/api/submissions/${enc(id)}/events`;

/**
 * What one event at `eventsUrl` says: its data, whose `kind` is the event's name; null if it
 * is not an event of that kind.
 * @template {SubmissionEvent["kind"]} K
 * @param {Event} event  as EventSource's addEventListener(kind, ...) hands it over
 * @param {K} kind
 * @returns {Extract<SubmissionEvent, { kind: K }> | null}
 */
export function eventData(event, kind) {
  try {
    const data = JSON.parse(/** @type {MessageEvent<string>} */ (event).data);
    return data?.kind === kind ? data : null;
  } catch {
    return null;
  }
}

function idempotencyKey() {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** @param {string} id @returns {Promise<Submission>} */
export const getSubmission = (id) => request("GET", `/api/submissions/${enc(id)}`);

/**
 * @param {string} slug
 * @param {{limit?: number, offset?: number}} [page]
 * @returns {Promise<SubmissionPage>}
 */
export const listSubmissions = (slug, { limit = 20, offset = 0 } = {}) =>
  request("GET", `/api/exercises/${enc(slug)}/submissions?limit=${limit}&offset=${offset}`);
