// planted as sandbox/gateway/planted.ts (rooms/room): the sandbox knows nothing of the BFF.
const app = await import('../../bff/app.ts');
export default app;
