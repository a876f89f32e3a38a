-- The header phone, the footer's social links and its policy line come from each site's configuration, in the page's
-- language (issue 20 "per-site truth"); the headerPhone, footersocial and policy widgets stay an owner's override
-- (spec §2). The demo once seeded them: a Russian phone for every site but kz, Russian social labels and a Russian
-- policy line on every site and language. Those demo rows, byte for byte, go; a row an owner wrote stays.
DELETE FROM widgets
 WHERE (code, site, html) IN (
   ('headerPhone', '*', '<a href="tel:+78005553535">8 800 555-35-35</a>'),
   ('headerPhone', 'kz', '<a href="tel:+77272000000">+7 727 200-00-00</a>'),
   ('footersocial', '*', '<ul class="footer-social"><li><a href="https://vk.com/tihoavto" rel="noopener" target="_blank">ТихоАвто ВКонтакте</a></li><li><a href="https://t.me/tihoavto" rel="noopener" target="_blank">ТихоАвто в Telegram</a></li><li><a href="https://dzen.ru/tihoavto" rel="noopener" target="_blank">ТихоАвто в Дзене</a></li></ul>'),
   ('policy', '*', '<p>Оформляя заказ, вы соглашаетесь на обработку персональных данных. <a href="/docs/policy.pdf">Политика конфиденциальности</a></p>')
 );
