// Firefox (Debian's firefox-esr over WebDriver BiDi): the demo, GPU = CPU, the half path.
import { defineEngineTests } from './engine-suite.js';
import { openFirefox } from './firefox-driver.js';

defineEngineTests('firefox', openFirefox);
