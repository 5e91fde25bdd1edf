// planted as bff/planted.ts (rooms/room): the shared Node helpers live in node/, not scripts/.
import { withPostgres } from '../scripts/postgres.mjs';
export const postgres = withPostgres;
