import { spawn } from 'node:child_process';
import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
const mode = process.argv[2];
const port = 40000 + Math.floor(Math.random()*10000);
const t0 = Date.now();
const args = mode === 'dist' ? ['dist/main.js'] : ['--import','tsx','src/main.ts'];
const child = spawn(process.execPath, args, { cwd: '/work/main/apps/api', env: { PATH: process.env.PATH!, NODE_ENV:'test', LOG_LEVEL:'silent', HOST:'127.0.0.1', PORT:String(port), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(),'st-')), DEMO_DATA:'false', AUTH_SECRET:'x'.repeat(64), ADMIN_EMAIL:'a@example.com', ADMIN_PASSWORD:'Passw0rd!Passw0rd' }, stdio:['ignore','ignore','inherit'] });
for (;;) { try { const r = await fetch(`http://127.0.0.1:${port}/api/health`); if (r.ok) break; } catch {} await new Promise(r=>setTimeout(r,50)); }
console.log(mode, Date.now()-t0, 'ms'); child.kill('SIGKILL');
process.exit(0);
