import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../machines/paths';
import { SplashView } from './SplashView';

/** Route /: the product title and a spinner, then /init (which keeps showing them while auth loads). */
export default function SplashScreen() {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(paths.init, { replace: true });
  }, [navigate]);
  return <SplashView />;
}
