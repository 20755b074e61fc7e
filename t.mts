import { PGlite } from '@electric-sql/pglite';
let t = Date.now();
const p = await PGlite.create();
await p.exec('create table x(a int)');
console.log('create', Date.now() - t); t = Date.now();
const dump = await p.dumpDataDir('none');
console.log('dump', Date.now() - t, dump.size); t = Date.now();
const q = await PGlite.create({ loadDataDir: dump });
console.log('load', Date.now() - t, (await q.query('select count(*) from x')).rows); 
