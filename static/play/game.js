// A live game on a phone (play/consumers.py says the messages). What the page shows is the
// server's values (the log folded in its order) with this phone's own changes not yet
// confirmed laid over them. Those changes wait in localStorage with the ids this phone gave
// them, so a lost connection, a closed tab or a reload loses none, and sending one twice
// changes nothing: the server keeps each id once. Back online, the phone says which change of
// the log it saw last, hears what it missed, and sends what it holds.
(() => {
  "use strict";
  const root = document.querySelector("[data-play-game]");
  if (!root) return;

  const readOnly = root.hasAttribute("data-play-read-only");
  const storeKey = `cliffhanger.play.${root.dataset.playGame}.${root.dataset.playSide || "watch"}`;
  const status = root.querySelector("[data-play-status]");
  const notice = root.querySelector("[data-play-notice]");
  const log = root.querySelector("[data-play-log]");
  const LOG_LINES = 12;
  const recent = log && log.dataset.recent ? JSON.parse(log.dataset.recent) : [];
  const NOT_YOURS = 4403;
  // A push lost on the way (a channel layer restarted) shows as a gap only at the next one;
  // asking this often bounds how long a quiet game can stay behind.
  const CATCH_UP_MS = 30000;

  // Each track's element and bounds, from the page (play/templates: data-track).
  const tracks = new Map();
  for (const element of root.querySelectorAll("[data-track]")) {
    tracks.set(element.dataset.track, {
      element,
      label: element.dataset.label,
      model: element.dataset.model || "",
      minimum: Number(element.dataset.minimum),
      maximum: Number(element.dataset.maximum),
      step: Number(element.dataset.increment) || 1,
      shownAs: element.dataset.shownAs,
      choices: element.dataset.choices ? JSON.parse(element.dataset.choices) : [],
      value: element.querySelector("[data-value]"),
      down: element.querySelector("[data-step='-1']"),
      up: element.querySelector("[data-step='1']"),
    });
  }

  function pageState() {
    const values = {};
    for (const [target, track] of tracks) values[target] = Number(track.element.dataset.value);
    return { seq: Number(root.dataset.playSeq) || 0, values };
  }

  // The newer of what the page was drawn with and what this phone last heard (a page read
  // from the offline cache is older than what the phone heard after it).
  function restored() {
    const fromPage = pageState();
    let saved = null;
    try {
      saved = JSON.parse(localStorage.getItem(storeKey));
    } catch {
      saved = null;
    }
    if (!saved || typeof saved !== "object") return { server: fromPage, pending: [] };
    const pending = Array.isArray(saved.pending) && !readOnly ? saved.pending : [];
    const newer = saved.server && saved.server.seq > fromPage.seq;
    return {
      server: newer ? { seq: saved.server.seq, values: { ...fromPage.values, ...saved.server.values } } : fromPage,
      pending,
    };
  }

  let { server, pending } = restored();

  function save() {
    try {
      localStorage.setItem(storeKey, JSON.stringify({ server, pending }));
    } catch {
      // Storage full or refused (a private window): the changes still go out while online.
    }
  }

  // A v4 UUID; crypto.randomUUID exists only on https pages, and a club's laptop serves
  // the phones plain http over its wifi.
  function newId() {
    if (crypto.randomUUID) return crypto.randomUUID();
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  function shown(track, value) {
    if (track.shownAs === "die") return value > 0 ? `d${value}` : "—";
    if (track.shownAs === "flag") return value ? "Yes" : "No";
    if (track.shownAs === "choice") return track.choices[value - track.minimum] ?? String(value);
    if (track.shownAs === "halves") {
      const whole = Math.floor(Math.abs(value) / 2);
      const half = Math.abs(value) % 2 === 1;
      const number = (whole || !half ? String(whole) : "") + (half ? "½" : "");
      return value < 0 ? `-${number}` : number;
    }
    return String(value);
  }

  // The value this phone shows: its own latest unconfirmed change, or the server's.
  function current(target) {
    for (let i = pending.length - 1; i >= 0; i -= 1) {
      if (pending[i].target === target) return pending[i].value;
    }
    return server.values[target];
  }

  function render() {
    for (const [target, track] of tracks) {
      const value = current(target);
      track.value.textContent = shown(track, value);
      track.element.dataset.current = value;
      track.element.classList.toggle("waiting", pending.some((op) => op.target === target));
      if (track.down) track.down.disabled = readOnly || value - track.step < track.minimum;
      if (track.up) track.up.disabled = readOnly || value + track.step > track.maximum;
    }
    showStatus();
  }

  let socket = null;
  let live = false;
  let refusedForGood = false;

  function showStatus() {
    if (!status) return;
    const waiting = pending.length;
    let text;
    if (refusedForGood) text = "This game is not open to this page any more.";
    else if (live) text = waiting ? `Live · sending ${waiting} change${waiting === 1 ? "" : "s"}` : "Live";
    else if (!navigator.onLine) text = `Offline · ${waiting} change${waiting === 1 ? "" : "s"} kept for when you are back`;
    else text = `Reconnecting · ${waiting} change${waiting === 1 ? "" : "s"} kept`;
    status.textContent = text;
    root.dataset.playConnection = live ? "live" : "offline";
    root.dataset.playPending = String(waiting);
  }

  function say(message) {
    if (notice) notice.textContent = message;
  }

  // Each side's player, as the page names them (data-player on each force).
  const players = new Map(
    [...root.querySelectorAll("[data-side]")].map((force) => [Number(force.dataset.side), force.dataset.player]),
  );

  // What an operation changed, named as the ended game's report names it (play/state.py
  // what_changed): a model's value with the model, a side's with the side.
  function whatChanged(track, target) {
    if (!track) return target;
    if (track.model) return `${track.model}'s ${track.label}`;
    return target.includes(".") ? `Side ${target.split(".")[0].slice(4)}'s ${track.label}` : track.label;
  }

  // One change as a sentence, as play/state.py log_lines writes the ended game's log.
  function logLine(operation) {
    if (!log) return;
    const track = tracks.get(operation.target);
    const item = document.createElement("li");
    const who = `Side ${operation.who} (${players.get(operation.who) || ""})`;
    const what = whatChanged(track, operation.target);
    const before = track ? shown(track, operation.before) : operation.before;
    const after = track ? shown(track, operation.after) : operation.after;
    item.textContent = operation.undoes
      ? `${who} undid a change: ${what} back from ${before} to ${after}.`
      : `${who} set ${what} from ${before} to ${after}.`;
    log.prepend(item);
    while (log.children.length > LOG_LINES) log.lastElementChild.remove();
  }

  function confirmOp(opId) {
    const before = pending.length;
    pending = pending.filter((op) => op.op_id !== opId);
    return pending.length !== before;
  }

  function send(message) {
    if (live && socket) socket.send(JSON.stringify(message));
  }

  function sendPending() {
    for (const op of pending) {
      send(op.undo ? { type: "undo", op_id: op.op_id } : { type: "op", ...op });
    }
  }

  function hello() {
    send({ type: "hello", seq: server.seq });
    sendPending();
  }

  let backingOff = null;

  function handle(message) {
    if (message.type === "state") {
      server = { seq: message.seq, values: { ...server.values, ...message.tracks } };
      for (const operation of message.operations) {
        confirmOp(operation.op_id);
        logLine(operation);
      }
    } else if (message.type === "applied") {
      const operation = message.operation;
      confirmOp(operation.op_id);
      if (operation.seq === server.seq + 1) {
        server.values[operation.target] = operation.after;
        server.seq = operation.seq;
        logLine(operation);
      } else if (operation.seq > server.seq + 1) {
        send({ type: "hello", seq: server.seq }); // missed some: hear them in order
      }
    } else if (message.type === "refused") {
      if (message.op_id) confirmOp(message.op_id);
      say(message.message);
    } else if (message.type === "slow_down") {
      // The server takes nothing more from this phone until it says hello again, so the
      // held changes still arrive in the order they were made.
      if (!backingOff) {
        backingOff = setTimeout(() => {
          backingOff = null;
          hello();
        }, message.retry_after * 1000);
      }
    } else if (message.type === "reload") {
      save();
      window.location.reload();
      return;
    }
    save();
    render();
  }

  let retryDelay = 500;
  let retryTimer = null;

  function connect() {
    if (socket || refusedForGood || !navigator.onLine) {
      showStatus();
      return;
    }
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const opened = new WebSocket(`${scheme}://${window.location.host}${root.dataset.playSocket}`);
    socket = opened;
    opened.addEventListener("open", () => {
      live = true;
      retryDelay = 500;
      hello();
      render();
    });
    opened.addEventListener("message", (event) => handle(JSON.parse(event.data)));
    opened.addEventListener("close", (event) => {
      if (socket === opened) socket = null;
      live = false;
      if (event.code === NOT_YOURS) refusedForGood = true;
      else if (navigator.onLine) reconnectLater();
      showStatus();
    });
  }

  function reconnectLater() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 5000);
  }

  // A phone that knows it is offline holds its changes instead of sending them into a
  // connection that may be dead without knowing it.
  window.addEventListener("offline", () => {
    if (socket) socket.close();
    socket = null;
    live = false;
    showStatus();
  });
  window.addEventListener("online", () => {
    retryDelay = 500;
    connect();
  });

  function change(target, direction) {
    const track = tracks.get(target);
    const value = current(target) + direction * track.step;
    if (readOnly || value < track.minimum || value > track.maximum) return;
    const op = { op_id: newId(), target, value };
    pending.push(op);
    save();
    render();
    // While told to slow down, a new change waits behind the held ones (sent with the hello).
    if (!backingOff) send({ type: "op", ...op });
  }

  if (!readOnly) {
    root.addEventListener("click", (event) => {
      const button = event.target.closest("[data-step]");
      const track = button && button.closest("[data-track]");
      if (track) change(track.dataset.track, Number(button.dataset.step));
      if (event.target.closest("[data-play-undo]")) {
        const op = { op_id: newId(), undo: true };
        pending.push(op);
        save();
        if (!backingOff) send({ type: "undo", op_id: op.op_id });
        render();
      }
    });
  }

  // The screen stays on while the game is open, where the browser can (Screen Wake Lock);
  // the lock lapses whenever the page is hidden, so it is asked for again on return.
  async function keepAwake() {
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    try {
      await navigator.wakeLock.request("screen");
    } catch {
      // Refused (battery saver, no permission): the game goes on with the screen's own timer.
    }
  }
  document.addEventListener("visibilitychange", keepAwake);
  keepAwake();

  // The game page and its pictures, kept for reading offline (static/play/worker: the
  // service worker answers from them when the network does not).
  if ("serviceWorker" in navigator && root.dataset.playWorker) {
    navigator.serviceWorker
      .register(root.dataset.playWorker, { scope: root.dataset.playScope })
      .then(() => caches.open("cliffhanger-play-pages"))
      .then((cache) => {
        const pictures = [...root.querySelectorAll("img")].map((img) => img.src);
        return cache.addAll([window.location.pathname, ...pictures]);
      })
      .catch(() => {
        // No offline copy (a private window, storage refused): the live game is unaffected.
      });
  }

  for (const operation of recent) logLine(operation);
  setInterval(() => {
    if (live && !backingOff) send({ type: "hello", seq: server.seq });
  }, CATCH_UP_MS);
  render();
  connect();
})();
