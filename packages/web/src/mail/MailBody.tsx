import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A mail's text or HTML. The HTML is shown in a sandboxed frame with no scripts, no forms and no
 * same-origin rights, so that nothing a mail holds can act in the app.
 */
export function MailBody({ text, html }: { text?: string; html?: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<'html' | 'text'>(html ? 'html' : 'text');
  return (
    <div>
      {html && (
        <Segmented
          size="small"
          value={shown}
          onChange={(v) => setShown(v as 'html' | 'text')}
          options={[
            { value: 'html', label: t('HTML') },
            { value: 'text', label: t('Text') },
          ]}
          style={{ marginBottom: 8 }}
        />
      )}
      {shown === 'html' && html ? (
        <iframe
          title={t('Mail content')}
          sandbox=""
          referrerPolicy="no-referrer"
          srcDoc={`<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"><body style="font-family:sans-serif;font-size:14px">${html}</body>`}
          style={{ width: '100%', minHeight: 320, border: '1px solid rgba(128,128,128,0.3)', background: '#fff' }}
        />
      ) : (
        <pre style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', margin: 0 }} data-testid="mail-text">
          {text}
        </pre>
      )}
    </div>
  );
}
