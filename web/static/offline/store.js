// The games played on this device without the server, kept in the browser (IndexedDB) so that
// they outlive a reload or a closed app: each with the moves played (to set the game up again in
// the engine), and once it is over its record, to upload to the player's account.

const DB_NAME = "turncoat-offline";
const STORE = "games";

/**
 * A game of this device.
 * @typedef {object} LocalGame
 * @property {string} id this device's name for the game
 * @property {string} kind the game (a registry name)
 * @property {Record<string, string>} options its options, as POST /api/games takes them
 * @property {"ai" | "hotseat"} opponent the AI, or two players on this device
 * @property {number} level the AI's level (1-10)
 * @property {"first" | "second"} human the side of the player against the AI
 * @property {(string | {move: string, side?: "first" | "second"})[]} plays every move played, in order, as the engine took it
 * @property {number} created when the game started (ms since the epoch)
 * @property {number} updated when it last changed
 * @property {boolean} over whether the game is over
 * @property {string} result the end in words, once over
 * @property {{format: string, text: string} | null} record the record to upload, once over
 * @property {string} uploaded the id of the game on the server once uploaded ("" before)
 */

/** @type {Promise<IDBDatabase> | null} */
let opening = null;

/** @returns {Promise<IDBDatabase>} */
function db() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE, {keyPath: "id"});
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    opening.catch(() => { opening = null; });
  }
  return opening;
}

// run runs one request on the games' store and resolves with its result once the transaction
// is done (written for good).
/** @template T @param {IDBTransactionMode} mode @param {(s: IDBObjectStore) => IDBRequest<T>} f @returns {Promise<T>} */
async function run(mode, f) {
  const tx = (await db()).transaction(STORE, mode);
  const req = f(tx.objectStore(STORE));
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

// saveGame writes a game (a new one, or its new moves).
/** @param {LocalGame} g */
export async function saveGame(g) {
  g.updated = Date.now();
  await run("readwrite", s => s.put(g));
}

// getGame reads one game (undefined when this device has none of that id).
/** @param {string} id @returns {Promise<LocalGame | undefined>} */
export function getGame(id) {
  return run("readonly", s => s.get(id));
}

// allGames lists the device's games, the latest first.
/** @returns {Promise<LocalGame[]>} */
export async function allGames() {
  /** @type {LocalGame[]} */
  const list = await run("readonly", s => s.getAll());
  return list.sort((a, b) => b.updated - a.updated);
}

// deleteGame forgets a game.
/** @param {string} id */
export async function deleteGame(id) {
  await run("readwrite", s => s.delete(id));
}

// newID names a new game of this device.
export function newID() {
  const b = crypto.getRandomValues(new Uint8Array(6));
  return [...b].map(x => x.toString(16).padStart(2, "0")).join("");
}
