#include "tools.hpp"

void ListAppend(allCategorysList_t &List, const STUALLCATEGORYS &elem)
{
	List.push_back(elem);
}

int GetListElemCount(const allCategorysList_t &List)
{
	return static_cast<int>(List.size());
}

std::string FindListElem(const allCategorysList_t &List, int nIndex)
{
	int n = 0;
	for (const auto &e : List)
	{
		if (n++ == nIndex)
			return e.strCommonType;
	}
	return std::string();
}

int FindListElemSeq(const allCategorysList_t &List, const std::string &strElem)
{
	int n = 0;
	for (const auto &e : List)
	{
		if (e.strCommonType == strElem)
			return n;
		n++;
	}
	return -1;
}

torch::Tensor masked_max_pool(const torch::Tensor &states, const torch::Tensor &pad_mask)
{
	// pad_mask: [T, B, 1], true where the name has already ended
	auto filled = states.masked_fill(pad_mask, -1e9);
	return std::get<0>(filled.max(0));
}
