// WebKit (Debian's WebKitGTK MiniBrowser through WebKitWebDriver): the demo, GPU = CPU, the half path.
import { defineEngineTests } from './engine-suite.js';
import { openWebKit } from './webkit-driver.js';

defineEngineTests('webkit', openWebKit);
