// Build the browser assets of gradebox into static/dist/.
//
//   npm run build                      one minified build into dist/
//   npm run build -- --outdir DIR      the same build into DIR (scripts/check-static.sh compares it with dist/)
//   npm run build -- --watch           rebuild on change (development)
//
// Every built file is named after a hash of its content, so the app serves it with a year-long
// immutable cache lifetime: a changed file gets a new name, and the pages (whose HTML the app
// serves revalidated) name the new one. Output, all served under /static/dist/, nothing from a CDN:
//   dist/list-HASH.js, dist/exercise-HASH.js   page entry points (ES modules, minified)
//   dist/chunks/*-HASH.js                      code split off them: shared chunks, and the modules
//                                              loaded with import() only when a page needs them
//                                              (math.js with KaTeX, highlight.js, heatmap.js)
//   dist/style-HASH.css                        our stylesheet (minified)
//   dist/katex/katex-HASH.css                  KaTeX's stylesheet, loaded by math.js on first use,
//                                              referencing woff2 fonts only
//   dist/katex/fonts/*-HASH.woff2              KaTeX fonts (woff2 only: every supported browser reads it)
//   dist/manifest.json                         what the HTML names -> the hashed file, and the static
//                                              imports to preload; read by the app (app/assets.py)
//   dist/THIRD_PARTY_LICENSES.txt              licences of the npm packages bundled into the files above
//
// The built files are committed, so people who only run Python need no Node. The output depends
// only on src/ and package-lock.json (no timestamps, absolute paths or unordered listings), so a
// fresh build can be compared with the committed one byte for byte.

import * as esbuild from "esbuild";
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.join(here, "src");
const modules = path.join(here, "node_modules");
const args = process.argv.slice(2);
const watch = args.includes("--watch");
const outdirFlag = args.indexOf("--outdir");
if (outdirFlag >= 0 && !args[outdirFlag + 1]) throw new Error("--outdir needs a directory");
/** Where the build goes: dist/ unless --outdir says otherwise (emptied first). */
const dist = outdirFlag >= 0 ? path.resolve(args[outdirFlag + 1]) : path.join(here, "dist");
if (!path.relative(dist, here).startsWith("..")) throw new Error(`refusing to empty ${dist}: it holds static/`);
/** Where the app serves dist/ (app/main.py mounts static/ at /static). */
const PUBLIC_PATH = "/static/dist";

/** Page entry points: the name the HTML uses -> source file. Other modules in src/ are imported by these. */
const entries = {
  "list.js": path.join(src, "list-page.js"),
  "exercise.js": path.join(src, "exercise-page.js"),
  "style.css": path.join(src, "style.css"),
};

/** @type {esbuild.BuildOptions} */
const common = {
  outdir: dist,
  bundle: true,
  minify: true,
  legalComments: "none", // collected into THIRD_PARTY_LICENSES.txt instead
  metafile: true,
  logLevel: "warning",
  charset: "utf8",
};

/** Keep only the woff2 source of each KaTeX @font-face, so the page can never fetch woff/ttf. */
const woff2Only = {
  name: "katex-woff2-only",
  /** @param {esbuild.PluginBuild} build */
  setup(build) {
    build.onLoad({ filter: /katex\.min\.css$/ }, async (args) => {
      let css = await readFile(args.path, "utf8");
      css = css.replace(/,url\(fonts\/[^)]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)/g, "");
      if (/\.(?:woff|ttf)\)/.test(css)) throw new Error("KaTeX CSS still references non-woff2 fonts");
      return { contents: css, loader: "css", resolveDir: path.dirname(args.path) };
    });
  },
};

/** KaTeX's stylesheet and fonts, built first: the page code is given the stylesheet's hashed URL. */
const katexOptions = {
  ...common,
  entryPoints: { "katex/katex": path.join(modules, "katex", "dist", "katex.min.css") },
  entryNames: "[dir]/[name]-[hash]",
  assetNames: "katex/fonts/[name]-[hash]",
  loader: { ".woff2": "file" },
  plugins: [woff2Only],
};

/**
 * @param {string} katexStylesheet  the hashed file name of KaTeX's stylesheet, relative to dist/
 * @returns {esbuild.BuildOptions}
 */
const pageOptions = (katexStylesheet) => ({
  ...common,
  entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [path.parse(name).name, file])),
  format: "esm",
  splitting: true,
  target: ["es2020", "chrome100", "firefox100", "safari15"],
  entryNames: "[name]-[hash]",
  chunkNames: "chunks/[name]-[hash]",
  assetNames: "assets/[name]-[hash]",
  // math.js inserts this <link> the first time a page has math (src/build-constants.d.ts).
  define: { KATEX_STYLESHEET_URL: JSON.stringify(`${PUBLIC_PATH}/${katexStylesheet}`) },
});

/** @param {string} file  an output path as the metafile writes it */
const relative = (file) => path.relative(dist, path.resolve(file)).split(path.sep).join("/");

/**
 * The manifest the app reads: for each name the HTML uses, its hashed file and (for scripts)
 * every chunk it imports statically, to preload; and the list of hashed files, served immutable.
 * @param {esbuild.Metafile} pages
 * @param {esbuild.Metafile} katex
 */
function manifest(pages, katex) {
  const outputs = { ...pages.outputs, ...katex.outputs };
  /** @param {string} file @returns {string[]} */
  const staticImports = (file, seen = new Set()) => {
    for (const { path: imported, kind } of outputs[file].imports) {
      if (kind === "import-statement" && !seen.has(imported)) {
        seen.add(imported);
        staticImports(imported, seen);
      }
    }
    return [...seen].map(relative).sort();
  };
  /** @type {Record<string, {file: string, imports?: string[]}>} */
  const named = {};
  for (const [file, output] of Object.entries(outputs)) {
    if (!output.entryPoint) continue;
    const source = path.resolve(here, output.entryPoint);
    const name = Object.keys(entries).find((n) => entries[n] === source) ?? "katex.css";
    named[name] = name.endsWith(".js") ? { file: relative(file), imports: staticImports(file) } : { file: relative(file) };
  }
  const sortedEntries = Object.fromEntries(Object.keys(named).sort().map((n) => [n, named[n]]));
  return { entries: sortedEntries, files: Object.keys(outputs).map(relative).sort() };
}

/**
 * Write the licence text of every npm package that ended up in a built file.
 * @param {esbuild.Metafile[]} metafiles
 */
async function writeLicenses(metafiles) {
  const packages = new Set();
  for (const output of metafiles.flatMap((m) => Object.values(m.outputs))) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const m = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
      if (m && bytesInOutput > 0) packages.add(m[1]);
    }
  }
  packages.add("katex"); // its fonts are copied whole, so they count even where no bytes are "in output"
  const parts = [];
  for (const name of [...packages].sort()) {
    const dir = path.join(modules, name);
    const pkg = JSON.parse(await readFile(path.join(dir, "package.json"), "utf8"));
    const licenseFile = (await readdir(dir)).find((f) => /^licen[cs]e/i.test(f));
    const text = licenseFile ? (await readFile(path.join(dir, licenseFile), "utf8")).trim() : "";
    parts.push(`${name}@${pkg.version} (${pkg.license})\n\n${text}`);
  }
  const header = "Third-party software bundled into gradebox's static/dist/ files.\n";
  await writeFile(path.join(dist, "THIRD_PARTY_LICENSES.txt"), `${header}\n${parts.join("\n\n" + "-".repeat(72) + "\n\n")}\n`);
}

/**
 * Replace manifest.json in one step, so a running app never reads half of it.
 * @param {ReturnType<typeof manifest>} written
 */
async function writeManifest(written) {
  const file = path.join(dist, "manifest.json");
  await writeFile(`${file}.tmp`, `${JSON.stringify(written, null, 2)}\n`);
  await rename(`${file}.tmp`, file);
}

/** @param {ReturnType<typeof manifest>} written */
async function report(written) {
  const rows = [];
  for (const f of written.files.filter((f) => !f.endsWith(".woff2"))) {
    rows.push(`${f.padEnd(40)} ${String((await stat(path.join(dist, f))).size).padStart(9)} bytes`);
  }
  console.log(rows.join("\n"));
}

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
const katex = await esbuild.build(katexOptions);
const katexStylesheet = Object.keys(katex.metafile.outputs).map(relative).find((f) => f.endsWith(".css"));
if (!katexStylesheet) throw new Error("the KaTeX build wrote no stylesheet");

if (watch) {
  /** Rewrite the manifest after every rebuild, so the app names the newest files. */
  const manifestOnRebuild = {
    name: "manifest",
    /** @param {esbuild.PluginBuild} build */
    setup(build) {
      build.onEnd(async (result) => {
        if (result.metafile) await writeManifest(manifest(result.metafile, katex.metafile));
      });
    },
  };
  const options = pageOptions(katexStylesheet);
  const ctx = await esbuild.context({ ...options, minify: false, plugins: [manifestOnRebuild] });
  await ctx.watch();
  console.log("watching src/ for changes…");
} else {
  const pages = await esbuild.build(pageOptions(katexStylesheet));
  const written = manifest(pages.metafile, katex.metafile);
  await writeManifest(written);
  await writeLicenses([pages.metafile, katex.metafile]);
  await report(written);
}
