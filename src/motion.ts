// framer-motion's DOM animation features, loaded as their own chunk by <LazyMotion>.
import { domAnimation } from 'framer-motion';

export default domAnimation;
