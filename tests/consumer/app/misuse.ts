// A mistake the shipped declarations must catch, dropped into the app's src/ for one tsc run:
// tsc must fail on the marked line, and only there.
import { loadNuno } from 'nuno';

const nuno = await loadNuno();
nuno.createCloth({ solver: 'verlet' }); // deliberate type error: solvers are named
