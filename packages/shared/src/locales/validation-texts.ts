import type { Language } from '../constants.js';
import { VALIDATION_MESSAGES, type ValidationKey } from '../validation.js';

/**
 * The spec §5 validation texts in every interface language, written once: the API answers field
 * errors in the caller's language and the web app loads these into its `common` namespace.
 */
export const VALIDATION_TEXTS: Record<Language, Record<ValidationKey, string>> = {
  en: VALIDATION_MESSAGES,
  zh: {
    required: "此字段为必填项。",
    minLength: "请至少输入 {{min}} 个字符。",
    maxLength: "最多输入 {{max}} 个字符。",
    invalid: "此字段无效。",
    terms: "您必须接受条款和条件。",
    loginIncorrect: "登录名或密码无效",
    passwordsDiffer: "两次输入的密码不一致。",
    passwordWeak: "此密码太容易被猜到。请添加更多单词或字符。",
  },
  es: {
    required: "Este campo es obligatorio.",
    minLength: "Introduzca al menos {{min}} caracteres.",
    maxLength: "Introduzca como máximo {{max}} caracteres.",
    invalid: "Este campo no es válido.",
    terms: "Debe aceptar los términos y condiciones.",
    loginIncorrect: "El usuario o la contraseña no son válidos",
    passwordsDiffer: "Las contraseñas no coinciden.",
    passwordWeak: "Esta contraseña es demasiado fácil de adivinar. Añada más palabras o caracteres.",
  },
  ja: {
    required: "この項目は必須です。",
    minLength: "{{min}} 文字以上で入力してください。",
    maxLength: "{{max}} 文字以内で入力してください。",
    invalid: "この項目の値が正しくありません。",
    terms: "利用規約に同意する必要があります。",
    loginIncorrect: "ログインIDまたはパスワードが正しくありません",
    passwordsDiffer: "パスワードが一致しません。",
    passwordWeak: "このパスワードは推測されやすすぎます。単語や文字を追加してください。",
  },
  de: {
    required: "Dieses Feld ist erforderlich.",
    minLength: "Bitte geben Sie mindestens {{min}} Zeichen ein.",
    maxLength: "Bitte geben Sie höchstens {{max}} Zeichen ein.",
    invalid: "Dieses Feld ist ungültig.",
    terms: "Sie müssen die Geschäftsbedingungen akzeptieren.",
    loginIncorrect: "Benutzername oder Passwort ist ungültig",
    passwordsDiffer: "Die Passwörter stimmen nicht überein.",
    passwordWeak: "Dieses Passwort ist zu leicht zu erraten. Fügen Sie weitere Wörter oder Zeichen hinzu.",
  },
  fr: {
    required: "Ce champ est obligatoire.",
    minLength: "Veuillez saisir au moins {{min}} caractères.",
    maxLength: "Veuillez saisir au maximum {{max}} caractères.",
    invalid: "Ce champ n'est pas valide.",
    terms: "Vous devez accepter les conditions générales.",
    loginIncorrect: "L'identifiant ou le mot de passe n'est pas valide",
    passwordsDiffer: "Les mots de passe ne correspondent pas.",
    passwordWeak: "Ce mot de passe est trop facile à deviner. Ajoutez des mots ou des caractères.",
  },
};
