// Build the browser assets of gradebox into static/dist/.
//
//   npm run build                      one minified build into dist/
//   npm run build -- --outdir DIR      the same build into DIR (scripts/check-static.sh compares it with dist/)
//   npm run build -- --watch           rebuild on change (development)
//
// Output (all served by the app under /static/dist/, nothing from a CDN):
//   dist/list.js, dist/exercise.js   page bundles (ES modules, minified)
//   dist/style.css                   our stylesheet (minified)
//   dist/katex/katex.min.css         KaTeX stylesheet, rewritten to reference woff2 fonts only
//   dist/katex/fonts/*.woff2         KaTeX fonts (woff2 only: every supported browser reads it)
//   dist/THIRD_PARTY_LICENSES.txt    licences of the npm packages bundled into the files above
//
// The built files are committed, so people who only run Python need no Node. The output depends
// only on src/ and package-lock.json (no timestamps, absolute paths or unordered listings), so a
// fresh build can be compared with the committed one byte for byte.

import * as esbuild from "esbuild";
import { copyFile, mkdir, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
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

/** Page entry points: output name -> source file. Other modules in src/ are imported by these. */
const entries = {
  list: path.join(src, "list-page.js"),
  exercise: path.join(src, "exercise-page.js"),
  style: path.join(src, "style.css"),
};

/** @type {esbuild.BuildOptions} */
const options = {
  entryPoints: entries,
  outdir: dist,
  bundle: true,
  format: "esm",
  target: ["es2020", "chrome100", "firefox100", "safari15"],
  minify: true,
  legalComments: "none", // collected into THIRD_PARTY_LICENSES.txt instead
  metafile: true,
  logLevel: "info",
  charset: "utf8",
};

/** Copy KaTeX's stylesheet (woff2 sources only) and its woff2 fonts into dist/katex/. */
async function copyKatex() {
  const katexDir = path.join(modules, "katex");
  const out = path.join(dist, "katex");
  await mkdir(path.join(out, "fonts"), { recursive: true });
  let css = await readFile(path.join(katexDir, "dist", "katex.min.css"), "utf8");
  // Keep only the woff2 source of each @font-face, so the page can never fetch woff/ttf.
  css = css.replace(/,url\(fonts\/[^)]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)/g, "");
  if (/\.(?:woff|ttf)\)/.test(css)) throw new Error("KaTeX CSS still references non-woff2 fonts");
  await writeFile(path.join(out, "katex.min.css"), css);
  const fonts = (await readdir(path.join(katexDir, "dist", "fonts"))).filter((f) => f.endsWith(".woff2"));
  await Promise.all(
    fonts.map((f) => copyFile(path.join(katexDir, "dist", "fonts", f), path.join(out, "fonts", f))),
  );
}

/**
 * Write the licence text of every npm package that ended up in a bundle.
 * @param {esbuild.Metafile} metafile
 */
async function writeLicenses(metafile) {
  const packages = new Set(["katex"]); // KaTeX CSS and fonts are copied, not bundled
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const m = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
      if (m && bytesInOutput > 0) packages.add(m[1]);
    }
  }
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

async function report() {
  const rows = [];
  for (const f of ["list.js", "exercise.js", "style.css", "katex/katex.min.css"]) {
    rows.push(`${f.padEnd(24)} ${String((await stat(path.join(dist, f))).size).padStart(9)} bytes`);
  }
  console.log(rows.join("\n"));
}

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
await copyKatex();

if (watch) {
  const ctx = await esbuild.context({ ...options, minify: false });
  await ctx.watch();
  console.log("watching src/ for changes…");
} else {
  const result = await esbuild.build(options);
  await writeLicenses(result.metafile);
  await report();
}
