// The control panel (lil-gui), bound to the demo's settings object: each control edits one
// field and says what kind of change it made, so the page knows whether to set() it on the
// running cloth, move the sphere, or build a new cloth.
import { GUI } from './dependencies.js';
import { families } from './demo-settings.js';
import { presets } from './presets.js';

/** @typedef {import('./demo-settings.js').DemoSettings} DemoSettings */

/**
 * What the page does for each kind of change.
 * @typedef {object} PanelActions
 * @property {() => void} preset another preset was chosen: its sheet, wind, sphere and view
 * @property {() => void} rebuild resolution, papers, backend or precision: a new cloth
 * @property {() => void} runtime a solver setting the running cloth takes through set(), which a
 *   GPU cloth may refuse (an ordering it has no passes for, XPBD over several Jacobi iterations:
 *   the page then puts the settings back)
 * @property {() => void} sphere switched on or off, or resized
 * @property {() => void} step one fixed step (the cloth pauses first)
 * @property {() => void} reset the cloth back to its starting shape
 */

/** Below this width the panel starts closed, so the cloth is what a phone shows first. */
const smallScreenQuery = '(max-width: 640px)';

export class Panel {
  #gui;
  /** @type {DemoSettings} */
  #settings;
  /** @type {import('lil-gui').Controller} */
  #precision;
  /** @type {import('lil-gui').Controller} */
  #relaxation;
  /** @type {import('lil-gui').Controller} */
  #resolution;
  /** @type {import('lil-gui').Controller} */
  #papers;
  /** @type {GUI} */
  #xpbd;
  /** @type {GUI} */
  #pbd;
  /** @type {GUI} */
  #massSpring;

  /**
   * @param {DemoSettings} settings edited in place
   * @param {PanelActions} actions
   */
  constructor(settings, actions) {
    // Folders start closed: the panel stays short and the cloth in view. Its stylesheet is a
    // file the page links (index.html): the <style> lil-gui would inject breaks the page's
    // Content-Security-Policy.
    const gui = new GUI({ title: 'nuno · cloth', closeFolders: true, injectStyles: false });
    this.#gui = gui;
    this.#settings = settings;
    if (matchMedia(smallScreenQuery).matches) gui.close();

    const presetLabels = Object.fromEntries(Object.entries(presets).map(([name, { label }]) => [label, name]));
    gui.add(settings, 'preset', presetLabels).name('scene').onChange(actions.preset);
    gui.add(settings, 'paused').name('pause (P)');
    gui.add(actions, 'step').name('step once');
    gui.add(actions, 'reset').name('reset (R, double-tap)');
    gui.add(settings, 'wireframe').name('wireframe (W)');
    // On every scene, so any cloth can be torn by the wind or the pointer. It stops at 2 (a thread
    // pulled to three times its length) of the core's 10: past that the demo's cloths never tear.
    gui.add(settings, 'tearStrain', 0, 2, 0.01).name('tear past strain (0: never)').onChange(actions.runtime);

    const solver = gui.addFolder('solver');
    const ordering = { 'red-black': 'red-black', 'Gauss-Seidel': 'gauss-seidel', Jacobi: 'jacobi' };
    solver.add(settings, 'solver', { XPBD: 'xpbd', PBD: 'pbd', 'mass-spring': 'mass-spring' })
      .onChange(() => { this.#showRelevant(); actions.runtime(); });
    solver.add(settings, 'ordering', ordering).onChange(() => { actions.runtime(); this.#showRelevant(); });
    this.#relaxation = solver.add(settings, 'jacobiRelaxation', 0.1, 1.9, 0.05).name('Jacobi relaxation').onChange(actions.runtime);
    solver.add(settings, 'substeps', 1, 40, 1).onChange(actions.runtime);
    solver.add(settings, 'iterations', 1, 20, 1).onChange(actions.runtime);
    solver.add(settings, 'selfCollision').name('self-collision').onChange(actions.runtime);
    solver.add(settings, 'damping', 0, 5, 0.01).name('damping (1/s)').onChange(actions.runtime);
    solver.add(settings, 'gravity', -20, 5, 0.01).name('gravity y (m/s²)').onChange(actions.runtime);

    this.#xpbd = this.#familyFolder('XPBD compliance (log₁₀ m/N)', settings.complianceExponent, -8, 0, 0.1, actions);
    this.#pbd = this.#familyFolder('PBD stiffness', settings.stiffness, 0, 1, 0.01, actions);
    this.#massSpring = gui.addFolder('mass-spring');
    this.#massSpring.add(settings, 'springConstant', 1, 1000, 1).name('spring constant (N/m)').onChange(actions.runtime);
    for (const family of families) {
      this.#massSpring.add(settings.stretch, family, 0, 1, 0.01).name(`${family} stretch`).onChange(actions.runtime);
      this.#massSpring.add(settings.shrink, family, 0, 1, 0.01).name(`${family} shrink`).onChange(actions.runtime);
    }

    const wind = gui.addFolder('wind');
    wind.add(settings, 'windSpeed', 0, 20, 0.1).name('speed (m/s)');
    wind.add(settings, 'windAzimuthDegrees', 0, 360, 1).name('toward (°)');
    wind.add(settings, 'gusts');
    wind.add(settings, 'windGustSpeed', 0, 10, 0.1).name('gust field (m/s)').onChange(actions.runtime);
    wind.add(settings, 'windNormalDrag', 0, 20, 0.1).name('drag across (1/s)').onChange(actions.runtime);
    wind.add(settings, 'windTangentialDrag', 0, 5, 0.01).name('drag along (1/s)').onChange(actions.runtime);

    const sphere = gui.addFolder('sphere');
    sphere.add(settings.sphere, 'enabled').name('on (drag to move)').onChange(actions.sphere);
    sphere.add(settings.sphere, 'radius', 0.1, 1, 0.01).name('radius (m)').onChange(actions.sphere);

    const cloth = gui.addFolder('cloth (makes a new one)');
    // onFinishChange: a new cloth when the slider is let go, not at every value it passes.
    this.#resolution = cloth.add(settings, 'resolution', 16, 128, 8).name('particles per side').onFinishChange(actions.rebuild);
    this.#papers = cloth.add(settings, 'papersPerSide', 4, 128, 4).name('papers per side').onFinishChange(actions.rebuild);
    cloth.add(settings, 'backend', ['auto', 'webgpu', 'gpu', 'cpu']).onChange(() => { this.#showRelevant(); actions.rebuild(); });
    this.#precision = cloth.add(settings, 'precision', ['auto', 'float', 'half']).onChange(actions.rebuild);
    this.#showRelevant();
  }

  /** Shows every control's value again, after the page changed the settings itself. */
  refresh() {
    for (const controller of this.#gui.controllersRecursive()) controller.updateDisplay();
    this.#showRelevant();
  }

  /**
   * @param {string} title
   * @param {Record<import('nuno').Family, number>} values
   * @param {number} min
   * @param {number} max
   * @param {number} step
   * @param {PanelActions} actions
   */
  #familyFolder(title, values, min, max, step, actions) {
    const folder = this.#gui.addFolder(title);
    for (const family of families) folder.add(values, family, min, max, step).onChange(actions.runtime);
    return folder;
  }

  /**
   * Shows only the chosen solver's parameters, the relaxation only for Jacobi, the resolution
   * of a sheet or the number of papers, and offers a precision only where a GPU may run the cloth.
   */
  #showRelevant() {
    const settings = this.#settings;
    const papers = presets[settings.preset].papers !== undefined;
    this.#resolution.show(!papers);
    this.#papers.show(papers);
    this.#xpbd.show(settings.solver === 'xpbd');
    this.#pbd.show(settings.solver === 'pbd');
    this.#massSpring.show(settings.solver === 'mass-spring');
    this.#relaxation.show(settings.ordering === 'jacobi');
    this.#precision.enable(settings.backend === 'auto' || settings.backend === 'gpu');
  }
}
