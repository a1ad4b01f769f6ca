// Queries that run on every call message, built once: drizzle turns a query into SQL on each execution unless it is
// prepared, and on the receptionist's path that building costs more than the database's answer. A prepared query is
// bound to the handle it was made from (the pool, or a transaction), so it is kept per handle.

/** `build` once per database handle; its placeholders are filled on each `.execute({ … })`. */
export function preparedPerHandle<H extends object, Q>(build: (db: H) => Q): (db: H) => Q {
  const byHandle = new WeakMap<object, Q>();
  return (db) => {
    let query = byHandle.get(db);
    if (!query) byHandle.set(db, (query = build(db)));
    return query;
  };
}
