import type { LocaleMessages } from './types.ts';

/** Simplified Chinese. Mirrors the keys of ru.ts; Chinese has a single plural form (_other). */
const zhCN: LocaleMessages = {
  meta: { titleSuffix: 'TihoAvto — 汽车隔音' },
  header: {
    home: 'TihoAvto 首页',
    categories: '商品分类',
    cart: '购物车',
    cartItems_other: '购物车中有 {{count}} 件商品',
    compare: '商品对比',
    compareItems_other: '对比中有 {{count}} 件商品',
    personal: '个人中心',
    language: '语言',
  },
  footer: { support: '客户服务', rights: '版权所有' },
  home: {
    title: '汽车隔音：材料与成套套装',
    lead: '止振板、吸音棉、隔音层以及自行安装所需的工具。',
    categories: '商品目录',
  },
  category: {
    count_other: '{{count}} 件商品',
    empty: '该分类暂无商品。',
  },
  product: { sku: '货号', notSold: '本站不销售此商品', attributes: '规格参数' },
  attr: {
    thickness_mm: '厚度，毫米',
    sheet_area_m2: '单片面积，平方米',
    mass_kg_m2: '面密度，千克/平方米',
    loss_factor: '损耗因子',
    foil_um: '铝箔厚度，微米',
    material: '材质',
    adhesive: '胶层',
    unit: '单位',
  },
  cart: {
    title: '购物车',
    empty: '购物车是空的。',
    product: '商品',
    price: '单价',
    quantity: '数量',
    sum: '小计',
    total: '合计',
  },
  auth: {
    title: '登录',
    email: '电子邮箱',
    password: '密码',
    submit: '登录',
    failed: '电子邮箱或密码错误。',
    tooMany: '尝试次数过多，请稍后再试。',
  },
  personal: { title: '个人中心', history: '订单记录', logout: '退出登录' },
  history: { title: '订单记录', empty: '暂无订单。' },
  order: {
    title: '订单号 {{id}}',
    date: '日期',
    status: '状态',
    total: '订单金额',
    success: '谢谢！订单已提交。',
    fail: '订单未支付。请重新支付或选择其他支付方式。',
    statuses: { new: '新订单', paid: '已支付', shipped: '已发货', done: '已完成', cancelled: '已取消' },
  },
  colorMode: {
    label: '颜色主题',
    system: '跟随系统',
    light: '浅色',
    dark: '深色',
  },
  notice: { title: '通知', close: '关闭' },
  cookies: {
    label: 'Cookie 提示',
    text: '我们使用 Cookie。继续使用本网站即表示您接受使用条款。',
    policy: '隐私政策',
    accept: '同意',
  },
  notFound: { title: '哎呀！页面未找到！', home: '返回首页' },
  error: { title: '出了点问题', text: '请尝试刷新页面。', reload: '刷新页面' },
};

export default zhCN;
