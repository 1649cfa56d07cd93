// The async boundary: module federation negotiates shared singletons before any of them loads.
import { start } from './startup';

void start();
