/**
 * How a phone field says what it takes, the same on every form. The example's spaces do not break
 * (U+00A0): a number cut over two lines on a narrow screen reads as two numbers.
 */
export const PHONE_EXAMPLES = 'par exemple 06\u00a012\u00a034\u00a056\u00a078, ou +44… pour un numéro étranger';
