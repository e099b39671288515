import { Button, Space } from 'antd';
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** A pad to sign on with a finger, a pen or the mouse; saving answers the drawing as a PNG data URL. */
export function SignaturePad({ onSave, saving }: { onSave(dataUrl: string): void; saving?: boolean }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [drawn, setDrawn] = useState(false);
  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return [
      ((e.clientX - box.left) * e.currentTarget.width) / box.width,
      ((e.clientY - box.top) * e.currentTarget.height) / box.height,
    ] as const;
  };
  const start = (e: PointerEvent<HTMLCanvasElement>) => {
    const context = e.currentTarget.getContext('2d');
    if (!context) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    context.lineWidth = 2;
    context.lineCap = 'round';
    context.beginPath();
    context.moveTo(...point(e));
  };
  const draw = (e: PointerEvent<HTMLCanvasElement>) => {
    const context = e.currentTarget.getContext('2d');
    if (!drawing.current || !context) return;
    context.lineTo(...point(e));
    context.stroke();
    setDrawn(true);
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    setDrawn(false);
  };
  return (
    <Space direction="vertical">
      <canvas
        ref={canvas}
        data-testid="signature-pad"
        aria-label={t('Signature')}
        width={360}
        height={120}
        style={{ border: '1px dashed #999', borderRadius: 4, touchAction: 'none', maxWidth: '100%' }}
        onPointerDown={start}
        onPointerMove={draw}
        onPointerUp={() => {
          drawing.current = false;
        }}
      />
      <Space>
        <Button onClick={clear} disabled={!drawn}>
          {t('Clear the signature')}
        </Button>
        <Button
          type="primary"
          disabled={!drawn}
          loading={saving}
          onClick={() => canvas.current && onSave(canvas.current.toDataURL('image/png'))}
        >
          {t('Save signature')}
        </Button>
      </Space>
    </Space>
  );
}
