// Plain-language messages for things that went wrong outside the learner's code. They never
// blame the learner for a problem on our side.

import { ApiError } from "./api.js";
import { plural } from "./dom.js";

/**
 * @typedef {object} Notice
 * @property {"busy"|"limit"|"ours"|"network"|"yours"} kind
 * @property {string} title
 * @property {string} text
 * @property {number | null} retryAfter  seconds before trying again makes sense
 */

/**
 * @param {unknown} err
 * @returns {Notice}
 */
export function noticeFor(err) {
  if (!(err instanceof ApiError)) {
    return {
      kind: "ours",
      title: "Something went wrong on this page",
      text: "This is a problem on our side, not with your code. Please reload the page and try again; your code is saved in this browser.",
      retryAfter: null,
    };
  }
  const wait = err.retryAfter;
  if (err.network) {
    return {
      kind: "network",
      title: "Can't reach gradebox",
      text: "The server did not answer. Check your connection, then try again; your code is saved in this browser.",
      retryAfter: null,
    };
  }
  switch (err.status) {
    case 429:
      return {
        kind: "limit",
        title: "Please wait a moment",
        text: `You've run the tests many times in a short while, so we're pausing new runs${wait ? ` for ${plural(wait, "second")}` : " briefly"}. Your code is saved; run it again when the pause is over.`,
        retryAfter: wait,
      };
    case 503:
      return {
        kind: "busy",
        title: "The grader is busy",
        text: `Lots of people are running tests right now and the queue is full. This is not a problem with your code — please try again${wait ? ` in ${plural(wait, "second")}` : " shortly"}.`,
        retryAfter: wait,
      };
    case 413:
      return {
        kind: "yours",
        title: "Your code is too long",
        text: `${err.detail ? `${err.detail} ` : "The code is over the exercise's size limit. "}Remove unused code or long comments and try again.`,
        retryAfter: null,
      };
    case 422:
      return {
        kind: "yours",
        title: "The submission was not accepted",
        text: err.detail || "The server could not accept this submission.",
        retryAfter: null,
      };
    case 404:
      return {
        kind: "ours",
        title: "Not found",
        text: err.detail || "We couldn't find what you asked for. It may have been removed.",
        retryAfter: null,
      };
    default:
      if (err.status >= 500) {
        return {
          kind: "ours",
          title: "Something went wrong on our side",
          text: `gradebox hit a problem (error ${err.status}) — not a problem with your code. Your code is saved; please try again in a moment.`,
          retryAfter: wait,
        };
      }
      return {
        kind: "ours",
        title: err.title || "Something went wrong",
        text: err.detail || `The server answered with an unexpected error (${err.status}). Please try again.`,
        retryAfter: wait,
      };
  }
}

/**
 * A one-line description of an error, for small inline messages.
 * @param {unknown} err
 */
export function describeError(err) {
  const n = noticeFor(err);
  return n.kind === "limit" || n.kind === "busy" ? n.text : `${n.title}. ${n.kind === "ours" ? "Please try again." : ""}`.trim();
}
