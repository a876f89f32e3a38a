import pg from 'pg';
const c = new pg.Client('postgres://postgres@127.0.0.1:55521/postgres'); await c.connect();
const q = async (s: string, p?: unknown[]) => { try { console.log(s.slice(0,80), JSON.stringify((await c.query(s, p)).rows)); } catch (e) { console.log('ERR', s.slice(0,80), (e as Error).message); } };
await q(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
await q(`SELECT lower('ВИБРО Ёж') l, to_tsvector('russian', 'Виброизоляция Шумоизоляцию дверей Вибро 2.2 Ёлка') r, to_tsvector('simple','Виброизоляция vib-std-22 Вибро 2.2') s`);
await q(`SELECT similarity('вибризоляция','виброизоляция'), show_trgm('вибро')`);
await q(`SELECT tsvector_to_array(to_tsvector('russian', 'а для шумоизоляцию'))`);
