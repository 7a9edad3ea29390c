// The practice page's layout. Wide screens: the statement and the workspace scroll on their own,
// with a splitter between them (dragged, or moved with the arrow keys; remembered in this
// browser). Narrow screens: tabs (Statement, Code, Results), so the editor is one tap away.
// The markup and style.css draw both layouts before this runs; this makes them interactive.

/** Where the wide layout starts; style.css uses the same width. */
const WIDE_QUERY = "(min-width: 900px)";
/** The statement's share of the width, in percent; exercise.html reads it before the first paint. */
const SHARE_KEY = "gradebox:v1:layout:statement-share";
const DEFAULT_SHARE = 45;
/** Narrower than this, the statement's code blocks and formulas scroll more than they show. */
const MIN_STATEMENT_PX = 300;
/** Narrower than this, the editor's toolbar wraps and a line of code barely fits. */
const MIN_WORKSPACE_PX = 420;
/** Percent moved by an arrow key, and by Page Up / Page Down. */
const STEP = 2;
const PAGE_STEP = 10;

/** @param {number} value @param {number} low @param {number} high */
const clamp = (value, low, high) => Math.min(high, Math.max(low, value));

/** @returns {number | null} */
function storedShare() {
  try {
    const share = Number(localStorage.getItem(SHARE_KEY));
    return share > 0 && share < 100 ? share : null;
  } catch {
    return null; // storage disabled: the default split
  }
}

/** @param {number} share */
function storeShare(share) {
  try {
    localStorage.setItem(SHARE_KEY, String(Math.round(share * 10) / 10));
  } catch {
    // Storage full or disabled: the split lasts until the page closes.
  }
}

export class Layout {
  /** @param {HTMLElement} main  the page's <main>, holding the tabs, both panes and the splitter */
  constructor(main) {
    this.main = main;
    this.wide = window.matchMedia(WIDE_QUERY);
    this.tablist = /** @type {HTMLElement} */ (main.querySelector('[role="tablist"]'));
    this.tabs = /** @type {HTMLElement[]} */ ([...this.tablist.querySelectorAll('[role="tab"]')]);
    this.splitter = /** @type {HTMLElement} */ (main.querySelector('[role="separator"]'));
    this.statement = /** @type {HTMLElement} */ (document.getElementById(this.splitter.getAttribute("aria-controls") ?? ""));
    /** The split the learner chose; the one shown is clamped to what fits this window. */
    this.preferredShare = storedShare() ?? DEFAULT_SHARE;
    /** @type {Map<string, number>} where the window was scrolled in each tab, to come back to */
    this.scrollByTab = new Map();

    this.tabs.forEach((tab) => {
      tab.addEventListener("click", () => this.show(tab.dataset.tab ?? ""));
      tab.addEventListener("keydown", (event) => this.onTabKey(event, tab));
    });
    this.splitter.addEventListener("keydown", (event) => this.onSplitterKey(event));
    this.splitter.addEventListener("pointerdown", (event) => this.drag(event));
    // A link to something in a hidden tab (the skip link to the editor) opens that tab first.
    document.addEventListener("click", (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
      const target = link && document.getElementById(decodeURIComponent(link.getAttribute("href")?.slice(1) ?? ""));
      if (target) this.reveal(target);
    });
    this.wide.addEventListener("change", () => this.applyMode());
    new ResizeObserver(() => this.wide.matches && this.applyShare()).observe(main);
    // The page marks a load error (no workspace) with .single: then there is nothing to switch.
    new MutationObserver(() => this.applyMode()).observe(main, { attributes: true, attributeFilter: ["class"] });
    this.applyMode();
  }

  get tabbed() {
    return !this.wide.matches && !this.main.classList.contains("single");
  }

  /** @param {HTMLElement} tab */
  panelOf(tab) {
    return /** @type {HTMLElement} */ (document.getElementById(tab.getAttribute("aria-controls") ?? ""));
  }

  /** Tab roles only while the tabs are shown: on wide screens the panes are plain regions. */
  applyMode() {
    const tabbed = this.tabbed;
    for (const tab of this.tabs) {
      const panel = this.panelOf(tab);
      // A panel with a heading of its own keeps it as its name; the others are named by their tab.
      if (!panel.hasAttribute("aria-labelledby")) panel.dataset.namedByTab = "";
      if (tabbed) {
        panel.setAttribute("role", "tabpanel");
        panel.setAttribute("tabindex", "0");
        if (panel.dataset.namedByTab !== undefined) panel.setAttribute("aria-labelledby", tab.id);
      } else {
        panel.removeAttribute("role");
        if (panel !== this.statement) panel.removeAttribute("tabindex");
        if (panel.dataset.namedByTab !== undefined) panel.removeAttribute("aria-labelledby");
      }
    }
    // The statement pane scrolls on its own in both layouts; focus lets the keyboard scroll it.
    this.statement.setAttribute("tabindex", "0");
    if (this.wide.matches) this.applyShare();
  }

  /** The name (data-tab) of the tab shown on narrow screens. */
  get current() {
    return this.main.dataset.tab ?? "statement";
  }

  /**
   * Show one tab's panel (narrow screens; on wide screens every panel is shown anyway).
   * @param {string} name  "statement", "code" or "results"
   * @param {{focus?: boolean, fromTop?: boolean}} [options]  focus: focus the tab (the keyboard
   *   moves between tabs); fromTop: start at the panel's top, not where it was left (new results)
   */
  show(name, { focus = false, fromTop = false } = {}) {
    const chosen = this.tabs.find((tab) => tab.dataset.tab === name);
    if (!chosen) return;
    const leaving = this.current;
    const hadFocus = this.tabbed && this.tabs.some((tab) => tab.dataset.tab === leaving && this.panelOf(tab).contains(document.activeElement));
    if (leaving !== name) this.scrollByTab.set(leaving, window.scrollY);
    this.main.dataset.tab = name;
    for (const tab of this.tabs) {
      const selected = tab === chosen;
      tab.setAttribute("aria-selected", String(selected));
      tab.tabIndex = selected ? 0 : -1;
    }
    if (!this.tabbed || leaving === name) return;
    // Back where this tab was left; a tab opened the first time starts at its top, just under
    // the tabs if the title above them was scrolled away.
    const stuck = this.scrollWhereTabsStick();
    const left = fromTop ? undefined : this.scrollByTab.get(name);
    window.scrollTo({ top: left ?? Math.min(window.scrollY, stuck), behavior: "instant" });
    // Focus inside a panel that was just hidden would drop to the page's start.
    if (focus || hadFocus) chosen.focus({ preventScroll: true });
  }

  /** The window's scroll position from which the tabs stay stuck under the site header. */
  scrollWhereTabsStick() {
    const gap = parseFloat(getComputedStyle(this.main).rowGap) || 0;
    const above = /** @type {HTMLElement | null} */ (this.tablist.previousElementSibling);
    const naturalTop = (above ? above.getBoundingClientRect().bottom + window.scrollY + gap : 0);
    return Math.max(0, naturalTop - (parseFloat(getComputedStyle(this.tablist).top) || 0));
  }

  /**
   * Show the tab holding `element`, so it can be focused or scrolled to.
   * @param {Element} element
   */
  reveal(element) {
    const tab = this.tabs.find((t) => this.panelOf(t).contains(element));
    if (tab && this.tabbed) this.show(tab.dataset.tab ?? "");
  }

  /**
   * Arrow keys, Home and End move between the tabs (WAI-ARIA tabs, automatic activation).
   * @param {KeyboardEvent} event
   * @param {HTMLElement} tab
   */
  onTabKey(event, tab) {
    const i = this.tabs.indexOf(tab);
    const n = this.tabs.length;
    const next = { ArrowRight: (i + 1) % n, ArrowLeft: (i - 1 + n) % n, Home: 0, End: n - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    this.show(this.tabs[next].dataset.tab ?? "", { focus: true });
  }

  /** The whole percents the statement may take in this window: both panes stay usable. */
  bounds() {
    const width = this.main.clientWidth - this.splitter.offsetWidth - paddingOf(this.main);
    const low = Math.ceil(clamp((100 * MIN_STATEMENT_PX) / width, 15, 50));
    const high = Math.floor(clamp(100 - (100 * MIN_WORKSPACE_PX) / width, 50, 85));
    return { low, high, width };
  }

  /** Draw the preferred split, clamped to this window. */
  applyShare() {
    const { low, high } = this.bounds();
    const share = clamp(this.preferredShare, low, high);
    this.main.style.setProperty("--statement-fr", `${share}fr`);
    this.main.style.setProperty("--workspace-fr", `${100 - share}fr`);
    this.splitter.setAttribute("aria-valuemin", String(low));
    this.splitter.setAttribute("aria-valuemax", String(high));
    this.splitter.setAttribute("aria-valuenow", String(Math.round(share)));
    this.splitter.setAttribute("aria-valuetext", `Statement ${Math.round(share)}% of the width`);
    return share;
  }

  /**
   * Choose a split (clamped) and remember it.
   * @param {number} share  percent of the width for the statement
   */
  setShare(share) {
    const { low, high } = this.bounds();
    this.preferredShare = clamp(share, low, high);
    storeShare(this.applyShare());
  }

  /** @param {KeyboardEvent} event */
  onSplitterKey(event) {
    const { low, high } = this.bounds();
    const now = clamp(this.preferredShare, low, high);
    const to = {
      ArrowLeft: now - STEP,
      ArrowRight: now + STEP,
      PageUp: now - PAGE_STEP,
      PageDown: now + PAGE_STEP,
      Home: low,
      End: high,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    this.setShare(to);
  }

  /**
   * Follow the pointer until it is released; the split is remembered when the drag ends.
   * @param {PointerEvent} event
   */
  drag(event) {
    if (event.button !== 0) return;
    event.preventDefault(); // no text selection while dragging; focus comes from the line below
    this.splitter.focus({ preventScroll: true });
    this.splitter.setPointerCapture(event.pointerId);
    this.main.toggleAttribute("data-resizing", true);
    const left = this.statement.getBoundingClientRect().left;
    const grab = event.clientX - this.splitter.getBoundingClientRect().left; // keep the grab point under the pointer
    const move = (/** @type {PointerEvent} */ e) => {
      const { low, high, width } = this.bounds();
      this.preferredShare = clamp((100 * (e.clientX - grab - left)) / width, low, high);
      this.applyShare();
    };
    const end = () => {
      this.splitter.removeEventListener("pointermove", move);
      this.main.toggleAttribute("data-resizing", false);
      storeShare(this.preferredShare);
    };
    this.splitter.addEventListener("pointermove", move);
    this.splitter.addEventListener("lostpointercapture", end, { once: true });
  }
}

/** @param {HTMLElement} el  horizontal padding, which the panes do not share */
function paddingOf(el) {
  const style = getComputedStyle(el);
  return parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
}

/** The layout of the practice page's <main id="main">. */
export function initLayout() {
  return new Layout(/** @type {HTMLElement} */ (document.getElementById("main")));
}
