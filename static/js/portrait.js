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
 * the 25/31 aspect ratio when the CSS sets none, touch-action none). The frame may sit
 * anywhere inside the editor: the Card Designer lays it over the card preview's portrait box
 * (with hx-preserve, so preview swaps keep it).
 *
 * Upload once, preview by reference (the Card Designer): when the editor has
 * data-portrait-upload="<url>", a chosen picture is posted there once and taken out of the file
 * input, so no later form post sends it again. The reply's reference goes into the
 * [data-portrait-ref] input and the stored, cleaned picture replaces the local one. The
 * frame's picture shows (class is-live) from the first drag, zoom or new picture until a
 * preview arrives whose [data-portrait-shows-x/-y/-zoom/-ref] match the form: from then on
 * the server's rendering of the card is what the player sees.
 *
 * Crop convention, identical to cards/portraits.py (crop_window):
 *   zoom scales the picture relative to "cover" fit (1 = it just covers the frame; below 1
 *   the frame's background shows round it);
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
  const UPLOAD_FAILED = "The picture could not be sent; check the connection and choose it again.";
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
    const refInput = editor.querySelector("[data-portrait-ref]");
    const uploadUrl = editor.getAttribute("data-portrait-upload");
    if (!frame || !image || !zoomInput || !xInput || !yInput) return;
    const message = editor.querySelector("[data-portrait-message]") || addMessage(editor);
    const minZoom = clamp(zoomInput.min, 0.05, Infinity, 1);
    const maxZoom = clamp(zoomInput.max, minZoom, Infinity, 4);
    let objectUrl = null;
    let lastGoodSrc = null;
    let drag = null;
    let wheelTimer = null;
    let uploading = false;

    // A frame kept across an htmx swap (hx-preserve) may still carry the listeners of the
    // editor it came from: those go, so only this editor's inputs drive it.
    if (frame.portraitEditor) frame.portraitEditor.abort();
    const owner = new AbortController();
    frame.portraitEditor = owner;
    const signal = owner.signal;

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

    // The frame's own picture shows while the card preview lags behind the form.
    const live = (on) => frame.classList.toggle("is-live", on);
    function previewCaughtUp() {
      const shown = editor.querySelector("[data-portrait-shows-x]");
      if (!shown || uploading) return false;
      const same = (key, value) =>
        Math.abs(parseFloat(shown.getAttribute(`data-portrait-shows-${key}`)) - value) < 1e-4;
      const { x, y, zoom } = crop();
      return (
        same("x", x) && same("y", y) && same("zoom", zoom) &&
        shown.getAttribute("data-portrait-shows-ref") === (refInput ? refInput.value : "")
      );
    }
    const followPreview = () => {
      if (editor.isConnected) live(!previewCaughtUp());
    };
    if (editor.querySelector("[data-portrait-shows-x]")) {
      followPreview();
      document.addEventListener("htmx:afterSettle", followPreview, { signal });
    } else {
      live(true); // no server preview on this page: the frame is the only picture
    }

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
      zoomInput.value = 1;
      live(true);
      image.src = objectUrl;
      return true;
    }

    // After a visitor's first upload they are a guest with a new session and CSRF token.
    function useToken(token) {
      if (!token) return;
      document.querySelectorAll("input[name=csrfmiddlewaretoken]").forEach((input) => {
        input.value = token;
      });
      const headers = document.body.getAttribute("hx-headers");
      if (headers && headers.includes("X-CSRFToken")) {
        document.body.setAttribute("hx-headers", JSON.stringify({ "X-CSRFToken": token }));
      }
    }

    async function upload(file) {
      const form = new FormData();
      form.append("portrait", file);
      const token = editor.querySelector("input[name=csrfmiddlewaretoken]");
      uploading = true;
      let reply = null;
      try {
        const response = await fetch(uploadUrl, {
          method: "POST",
          body: form,
          headers: token ? { "X-CSRFToken": token.value } : {},
          credentials: "same-origin",
        });
        reply = await response.json();
      } catch (error) {
        reply = { error: UPLOAD_FAILED };
      }
      useToken(reply.csrf);
      uploading = false;
      if (reply.ref) {
        if (refInput) refInput.value = reply.ref;
        image.src = reply.url; // the cleaned picture the server will crop
      } else {
        say(reply.error || UPLOAD_FAILED);
        if (lastGoodSrc) image.src = lastGoodSrc;
        else image.removeAttribute("src");
        layout();
      }
      commit(); // the preview held back during the upload
    }

    // While the picture goes up the visitor may become a guest: a new session cookie arrives
    // before the new CSRF token reaches the form, so the form's own requests wait.
    document.addEventListener(
      "htmx:beforeRequest",
      (event) => {
        if (uploading && editor.contains(event.target)) event.preventDefault();
      },
      { signal },
    );

    image.addEventListener(
      "load",
      () => {
        if (!image.src.startsWith("blob:")) lastGoodSrc = image.src;
        layout();
      },
      { signal },
    );
    image.addEventListener(
      "error",
      () => {
        say(NOT_AN_IMAGE);
        if (lastGoodSrc && image.src !== lastGoodSrc) image.src = lastGoodSrc;
        else image.hidden = true;
      },
      { signal },
    );
    if (image.complete) layout();
    const resized = new ResizeObserver(layout);
    resized.observe(frame);
    signal.addEventListener("abort", () => resized.disconnect());

    if (fileInput) {
      fileInput.addEventListener("change", (event) => {
        if (!fileInput.files.length) return;
        const file = fileInput.files[0];
        if (!show(file)) {
          // Keep a bad file out of the form post; the picture shown before stays.
          event.stopPropagation();
          fileInput.value = "";
          return;
        }
        if (uploadUrl) {
          // Sent once, by itself; the form then carries only the reference.
          event.stopPropagation();
          fileInput.value = "";
          upload(file);
        }
      });
    }

    function acceptDrops(zone, options = {}) {
      zone.addEventListener("dragover", (event) => {
        if (!event.dataTransfer.types.includes("Files")) return;
        event.preventDefault();
        zone.classList.add("is-dragover");
      }, options);
      zone.addEventListener("dragleave", () => zone.classList.remove("is-dragover"), options);
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
      }, options);
    }
    const drop = editor.querySelector("[data-portrait-drop]");
    if (drop) {
      acceptDrops(drop);
      if (fileInput) drop.addEventListener("click", () => fileInput.click());
    }
    acceptDrops(frame, signal);

    frame.addEventListener("pointerdown", (event) => {
      if (!hasPicture() || event.button !== 0) return;
      event.preventDefault();
      live(true);
      frame.setPointerCapture(event.pointerId);
      drag = { id: event.pointerId, x: event.clientX, y: event.clientY, start: crop(), spare: spare(), moved: false };
    }, { signal });
    frame.addEventListener("pointermove", (event) => {
      if (!drag || event.pointerId !== drag.id) return;
      const dx = event.clientX - drag.x;
      const dy = event.clientY - drag.y;
      // Dragging the picture right brings its left part into view: x goes down.
      setCrop({
        // Zoomed out (negative spare) the same formula moves the picture with the pointer.
        x: Math.abs(drag.spare.w) > 0.5 ? drag.start.x - dx / drag.spare.w : undefined,
        y: Math.abs(drag.spare.h) > 0.5 ? drag.start.y - dy / drag.spare.h : undefined,
      });
      drag.moved = drag.moved || dx !== 0 || dy !== 0;
    }, { signal });
    const endDrag = (event) => {
      if (!drag || event.pointerId !== drag.id) return;
      const moved = drag.moved;
      drag = null;
      if (moved) commit();
    };
    frame.addEventListener("pointerup", endDrag, { signal });
    frame.addEventListener("pointercancel", endDrag, { signal });

    frame.addEventListener(
      "wheel",
      (event) => {
        if (!hasPicture()) return;
        event.preventDefault();
        live(true);
        setCrop({ zoom: crop().zoom * Math.exp(-event.deltaY * 0.002) });
        clearTimeout(wheelTimer);
        wheelTimer = setTimeout(commit, WHEEL_SETTLE_MS);
      },
      { passive: false, signal },
    );

    zoomInput.addEventListener("input", () => {
      live(true);
      layout();
    });

    // Keyboard: the arrows move the picture as a drag would, + and - zoom.
    if (!frame.hasAttribute("tabindex")) frame.tabIndex = 0;
    // A named group: ARIA allows no label on a plain div.
    if (!frame.hasAttribute("role")) frame.setAttribute("role", "group");
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
      live(true);
      setCrop(move);
      commit();
    }, { signal });
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

  // A phone shows the designer's card as a thumbnail in the corner: tapped, it opens over the
  // form (html.card-open, see site.css) so the portrait can be framed with a finger where the
  // player is, instead of jumping to the card after the form; "Back to the form" closes it.
  const PHONE = window.matchMedia("(max-width: 899px)");
  document.addEventListener("click", (event) => {
    if (event.target.closest("[data-card-close]")) {
      document.documentElement.classList.remove("card-open");
    } else if (PHONE.matches && event.target.closest("#preview-card .card-zoom")) {
      event.preventDefault();
      document.documentElement.classList.add("card-open");
    }
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUpAll);
  else setUpAll();
  document.addEventListener("htmx:afterSettle", setUpAll);
})();
