/* Portrait editor: choose or drop a picture, drag it inside the card's portrait frame, zoom to
 * crop. A progressive enhancement with no framework and no inline script (the CSP forbids it):
 * without it the file input and the number fields still post.
 *
 * Markup contract:
 *
 *   <div class="portrait-editor" data-portrait-editor>
 *     <div class="portrait-frame" data-portrait-frame>   <!-- aspect-ratio 25/31, overflow hidden -->
 *       <img data-portrait-image src="..." alt="">       <!-- positioned by this script -->
 *     </div>
 *     <input type="range" name="portrait_zoom" min="1" max="4" step="0.01" data-portrait-zoom>
 *     <input type="hidden" name="portrait_x" value="0.5" data-portrait-x>
 *     <input type="hidden" name="portrait_y" value="0.5" data-portrait-y>
 *     <input type="file" name="portrait" accept="image/jpeg,image/png,image/webp,image/gif" data-portrait-file>
 *     <div data-portrait-drop>Drop a picture here or choose a file</div>
 *     <p data-portrait-message role="alert"></p>        <!-- optional; created if missing -->
 *   </div>
 *
 * The img src is the cleaned source picture (not the cropped box). The frame needs a width from
 * the page's CSS; the script adds what its maths relies on (relative position, hidden overflow,
 * the 25/31 aspect ratio when the CSS sets none, touch-action none).
 *
 * Crop convention, identical to cards/portraits.py (crop_window):
 *   zoom >= 1 scales the picture relative to "cover" fit (1 = it just covers the frame);
 *   x, y in [0, 1] work like CSS object-position x% y%: the picture's point at fraction (x, y)
 *   sits on the frame's point at fraction (x, y), so 0 shows the left/top edge, 1 the
 *   right/bottom edge and 0.5 centres it.
 *
 * Every finished change (drag released, wheel stopped, key pressed) dispatches a bubbling
 * `change` on the hidden x input, so an enclosing form with hx-trigger="change" refreshes the
 * card preview. The zoom slider and the file input fire their own native `change`. Editors
 * swapped in by htmx are set up on htmx:afterSettle.
 */
(function () {
  "use strict";

  const ACCEPTED = ["image/jpeg", "image/png", "image/webp", "image/gif"];
  const NOT_AN_IMAGE = "That file is not an image we can read (JPEG, PNG, WebP or GIF).";
  const BOX_ASPECT = "25 / 31";
  const KEY_STEP = 0.02;
  const WHEEL_SETTLE_MS = 300;

  const clamp = (value, low, high, fallback) => {
    const number = parseFloat(value);
    return Number.isFinite(number) ? Math.min(Math.max(number, low), high) : fallback;
  };

  function setUp(editor) {
    editor.setAttribute("data-portrait-ready", "");
    const frame = editor.querySelector("[data-portrait-frame]");
    const image = editor.querySelector("[data-portrait-image]");
    const zoomInput = editor.querySelector("[data-portrait-zoom]");
    const xInput = editor.querySelector("[data-portrait-x]");
    const yInput = editor.querySelector("[data-portrait-y]");
    const fileInput = editor.querySelector("[data-portrait-file]");
    if (!frame || !image || !zoomInput || !xInput || !yInput) return;
    const message = editor.querySelector("[data-portrait-message]") || addMessage(editor);
    const minZoom = clamp(zoomInput.min, 1, Infinity, 1);
    const maxZoom = clamp(zoomInput.max, minZoom, Infinity, 4);
    let objectUrl = null;
    let lastGoodSrc = null;
    let drag = null;
    let wheelTimer = null;

    prepareFrame(frame, image);

    const crop = () => ({
      x: clamp(xInput.value, 0, 1, 0.5),
      y: clamp(yInput.value, 0, 1, 0.5),
      zoom: clamp(zoomInput.value, minZoom, maxZoom, minZoom),
    });
    const hasPicture = () => image.getAttribute("src") && image.naturalWidth > 0;

    // Size and place the picture so the frame shows exactly what the server will crop.
    function layout() {
      image.hidden = !hasPicture();
      if (image.hidden) return;
      const { x, y, zoom } = crop();
      const frameW = frame.clientWidth;
      const frameH = frame.clientHeight;
      const scale = Math.max(frameW / image.naturalWidth, frameH / image.naturalHeight) * zoom;
      const width = image.naturalWidth * scale;
      const height = image.naturalHeight * scale;
      image.style.width = `${width}px`;
      image.style.height = `${height}px`;
      image.style.left = `${x * (frameW - width)}px`;
      image.style.top = `${y * (frameH - height)}px`;
    }

    function setCrop({ x, y, zoom }) {
      if (x !== undefined) xInput.value = clamp(x, 0, 1, 0.5).toFixed(4);
      if (y !== undefined) yInput.value = clamp(y, 0, 1, 0.5).toFixed(4);
      if (zoom !== undefined) zoomInput.value = clamp(zoom, minZoom, maxZoom, minZoom);
      layout();
    }

    const commit = () => xInput.dispatchEvent(new Event("change", { bubbles: true }));

    // How much picture lies outside the frame, in screen pixels, on each axis.
    function spare() {
      return {
        w: image.getBoundingClientRect().width - frame.clientWidth,
        h: image.getBoundingClientRect().height - frame.clientHeight,
      };
    }

    function say(text) {
      message.textContent = text;
      message.hidden = !text;
    }

    function show(file) {
      if (!file) return false;
      if (!ACCEPTED.includes(file.type)) {
        say(NOT_AN_IMAGE);
        return false;
      }
      say("");
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      objectUrl = URL.createObjectURL(file);
      xInput.value = "0.5";
      yInput.value = "0.5";
      zoomInput.value = minZoom;
      image.src = objectUrl;
      return true;
    }

    image.addEventListener("load", () => {
      lastGoodSrc = image.src;
      layout();
    });
    image.addEventListener("error", () => {
      say(NOT_AN_IMAGE);
      if (lastGoodSrc && image.src !== lastGoodSrc) image.src = lastGoodSrc;
      else image.hidden = true;
    });
    if (image.complete) layout();
    new ResizeObserver(layout).observe(frame);

    if (fileInput) {
      fileInput.addEventListener("change", (event) => {
        if (!fileInput.files.length) return;
        if (!show(fileInput.files[0])) {
          // Keep a bad file out of the form post; the picture shown before stays.
          event.stopPropagation();
          fileInput.value = "";
        }
      });
    }

    function acceptDrops(zone) {
      zone.addEventListener("dragover", (event) => {
        if (!event.dataTransfer.types.includes("Files")) return;
        event.preventDefault();
        zone.classList.add("is-dragover");
      });
      zone.addEventListener("dragleave", () => zone.classList.remove("is-dragover"));
      zone.addEventListener("drop", (event) => {
        zone.classList.remove("is-dragover");
        const file = event.dataTransfer && event.dataTransfer.files[0];
        if (!file) return;
        event.preventDefault();
        if (!ACCEPTED.includes(file.type)) {
          say(NOT_AN_IMAGE);
          return;
        }
        if (!fileInput) return;
        // Only the first file goes into the input; its change handler shows it.
        const chosen = new DataTransfer();
        chosen.items.add(file);
        fileInput.files = chosen.files;
        fileInput.dispatchEvent(new Event("change", { bubbles: true }));
      });
    }
    const drop = editor.querySelector("[data-portrait-drop]");
    if (drop) {
      acceptDrops(drop);
      if (fileInput) drop.addEventListener("click", () => fileInput.click());
    }
    acceptDrops(frame);

    frame.addEventListener("pointerdown", (event) => {
      if (!hasPicture() || event.button !== 0) return;
      event.preventDefault();
      frame.setPointerCapture(event.pointerId);
      drag = { id: event.pointerId, x: event.clientX, y: event.clientY, start: crop(), spare: spare(), moved: false };
    });
    frame.addEventListener("pointermove", (event) => {
      if (!drag || event.pointerId !== drag.id) return;
      const dx = event.clientX - drag.x;
      const dy = event.clientY - drag.y;
      // Dragging the picture right brings its left part into view: x goes down.
      setCrop({
        x: drag.spare.w > 0.5 ? drag.start.x - dx / drag.spare.w : undefined,
        y: drag.spare.h > 0.5 ? drag.start.y - dy / drag.spare.h : undefined,
      });
      drag.moved = drag.moved || dx !== 0 || dy !== 0;
    });
    const endDrag = (event) => {
      if (!drag || event.pointerId !== drag.id) return;
      const moved = drag.moved;
      drag = null;
      if (moved) commit();
    };
    frame.addEventListener("pointerup", endDrag);
    frame.addEventListener("pointercancel", endDrag);

    frame.addEventListener(
      "wheel",
      (event) => {
        if (!hasPicture()) return;
        event.preventDefault();
        setCrop({ zoom: crop().zoom * Math.exp(-event.deltaY * 0.002) });
        clearTimeout(wheelTimer);
        wheelTimer = setTimeout(commit, WHEEL_SETTLE_MS);
      },
      { passive: false },
    );

    zoomInput.addEventListener("input", layout);

    // Keyboard: the arrows move the picture as a drag would, + and - zoom.
    if (!frame.hasAttribute("tabindex")) frame.tabIndex = 0;
    if (!frame.hasAttribute("aria-label")) {
      frame.setAttribute("aria-label", "Portrait crop: drag or use the arrow keys to move it, + and - to zoom");
    }
    frame.addEventListener("keydown", (event) => {
      if (!hasPicture()) return;
      const { x, y, zoom } = crop();
      const moves = {
        ArrowLeft: { x: x + KEY_STEP },
        ArrowRight: { x: x - KEY_STEP },
        ArrowUp: { y: y + KEY_STEP },
        ArrowDown: { y: y - KEY_STEP },
        "+": { zoom: zoom * 1.1 },
        "=": { zoom: zoom * 1.1 },
        "-": { zoom: zoom / 1.1 },
      };
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      setCrop(move);
      commit();
    });
  }

  function prepareFrame(frame, image) {
    const style = getComputedStyle(frame);
    if (style.position === "static") frame.style.position = "relative";
    if (style.aspectRatio === "auto") frame.style.aspectRatio = BOX_ASPECT;
    frame.style.overflow = "hidden";
    frame.style.touchAction = "none";
    frame.style.cursor = "grab";
    image.draggable = false;
    image.style.position = "absolute";
    image.style.maxWidth = "none";
    image.style.maxHeight = "none";
    image.style.pointerEvents = "none";
    image.style.userSelect = "none";
  }

  function addMessage(editor) {
    const message = document.createElement("p");
    message.setAttribute("data-portrait-message", "");
    message.setAttribute("role", "alert");
    message.hidden = true;
    editor.append(message);
    return message;
  }

  function setUpAll() {
    document.querySelectorAll("[data-portrait-editor]:not([data-portrait-ready])").forEach(setUp);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUpAll);
  else setUpAll();
  document.addEventListener("htmx:afterSettle", setUpAll);
})();
