import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { createStaticHandler } from '../server/static.ts';

const port = Number(process.env.PORT ?? 8787);
const dist = process.env.DIST_DIR ?? 'dist';
if (!existsSync(`${dist}/index.html`)) {
  console.log('No build found: building…');
  execSync('npx vite build', { stdio: 'inherit' });
}
const server = createServer(createStaticHandler(dist));
server.listen(port, () => console.log(`Aurora is running at http://localhost:${port}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
