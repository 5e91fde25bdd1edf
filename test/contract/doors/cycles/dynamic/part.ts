// planted: a lazy part that imports the list back for its retry helper.
import { once } from './list.ts';

export const part = () => once(async () => 'part');
