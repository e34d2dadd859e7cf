import { useNavigate } from 'react-router';
import { Button } from '../../ui/button';
import { resolveBackAction } from './back-navigation';
import { Icon } from './icons';

export function BackButton() {
  const navigate = useNavigate();
  const goBack = () => {
    const action = resolveBackAction(document.referrer, window.location.origin);
    void (action.kind === 'history' ? navigate(-1) : navigate(action.to));
  };
  return (
    <Button variant="ghost" onClick={goBack} className="px-2">
      <Icon name="back" className="size-4" />
      Back
    </Button>
  );
}
