// Constants that static/build.mjs writes into the bundle (esbuild `define`).

/** The hashed URL of KaTeX's stylesheet, e.g. "/static/dist/katex/katex-3KQ7TLD4.css". */
declare const KATEX_STYLESHEET_URL: string;
