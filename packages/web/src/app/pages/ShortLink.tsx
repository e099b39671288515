import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { dataProvider } from '../api/data-provider.ts';
import { Loading } from './Loading.tsx';

/** `/u/{key}`: the short key is resolved to its url, then followed (spec 000 §2.1). */
export function ShortLink() {
  const { key } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    dataProvider
      .shortLink(key ?? '')
      .then(({ url }) => {
        if (!url) return navigate('/', { replace: true });
        if (/^https?:\/\//.test(url) && !url.startsWith(window.location.origin)) window.location.assign(url);
        else navigate(url.replace(window.location.origin, ''), { replace: true });
      })
      .catch(() => navigate('/', { replace: true }));
  }, [key, navigate]);
  return <Loading />;
}
