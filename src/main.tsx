import { boot } from './boot';

void boot(document.getElementById('root')!);
